import type { Multipart, MultipartFile } from '@fastify/multipart';
import { importKeepFileFieldSchema } from '@crescendo/contracts';
import { AppError } from '../../lib/app-error';

const keepFileField = 'keepFile';

function refuseKeepFile(message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'The keepFile field must be true or false.', {
    fields: [{ field: keepFileField, message }],
  });
}

/**
 * The upload's form read part by part, the file streamed rather than buffered: `readFile` gives
 * the one `file` part (fields before it are kept), `readKeepFile` reads what follows the file
 * (a field may come after it, as `curl -F file=@… -F keepFile=true` sends it) and says whether
 * the artist asked to keep it. Other text fields are ignored, as before.
 */
export function readUploadForm(parts: AsyncIterableIterator<Multipart>) {
  const keepFileValues: string[] = [];

  const takeField = (part: Multipart) => {
    if (part.type !== 'field' || part.fieldname !== keepFileField) return;
    if (keepFileValues.length > 0) throw refuseKeepFile('Send keepFile once');
    const parsed = importKeepFileFieldSchema.safeParse(part.value);
    if (!parsed.success) throw refuseKeepFile('Must be true or false');
    keepFileValues.push(parsed.data);
  };

  /** A refused form is still read to its end, so the connection does not stall on the rest. */
  const drain = async (part: Multipart | null) => {
    if (part?.type === 'file') part.file.resume();
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      if (next.value.type === 'file') next.value.file.resume();
    }
  };

  return {
    async readFile(): Promise<MultipartFile> {
      for (let next = await parts.next(); !next.done; next = await parts.next()) {
        const part = next.value;
        if (part.type === 'file') {
          if (part.fieldname === 'file') return part;
          await drain(part);
          break;
        }
        try {
          takeField(part);
        } catch (error) {
          await drain(null);
          throw error;
        }
      }
      throw new AppError('VALIDATION_FAILED', 'Send one file in a field named "file".', {
        fields: [{ field: 'file', message: 'Required' }],
      });
    },
    /** Called once the file's bytes are read: the fields after it, then the answer. */
    async readKeepFile(): Promise<boolean> {
      for (let next = await parts.next(); !next.done; next = await parts.next()) {
        takeField(next.value);
      }
      return keepFileValues[0] === 'true';
    },
  };
}
