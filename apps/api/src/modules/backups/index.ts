// Backups of the embedded database: the loopback endpoint `npm run backup` calls, the archive
// format, and the restore `npm run restore` runs (apps/api/src/cli).
export { backupRoutes } from './backups.routes';
export {
  BackupArchiveError,
  createBackupArchive,
  readBackupArchive,
  readDataDirSecrets,
  type BackupManifest,
} from './backup-archive';
export { restoreBackup } from './restore-backup';
