// The sync module's public surface: the engine that copies a connection's platform data into the
// analytics model, and its queue. Connections enqueue syncs; the worker runs the handlers.
export {
  enqueueConnectionSync,
  enqueueDailySyncs,
  scheduleQueue,
  statisticsQueue,
  syncQueue,
} from './sync-queue';
export {
  createSyncHandlers,
  ensureDailySchedule,
  ensureStatisticsSchedule,
  runConnectionSync,
  scheduleDailySyncs,
} from './sync-runner';
