import { join } from 'node:path';
import { eventSchemas } from '../../contracts/events.js';
import { privacyRegistry } from '../../contracts/privacy/registry.js';
import { encryptingEventStore } from '../../platform/eventstore/encrypting.js';
import { SqliteEventStore } from '../../platform/eventstore/sqlite.js';
import { validatingEventStore } from '../../platform/eventstore/validating.js';
import { SqliteKeyStore } from '../../platform/keystore/sqlite.js';

/**
 * The events of a server's DATA_DIR as the server reads them: decrypted with its keys
 * (`keys.db`) and validated. For reading only: nothing appended through it names a subject.
 */
export function dataDirEvents(dataDir: string) {
  const raw = new SqliteEventStore(join(dataDir, 'events.db'));
  const keys = new SqliteKeyStore(join(dataDir, 'keys.db'));
  const store = validatingEventStore(
    encryptingEventStore(raw, {
      registry: privacyRegistry,
      keys,
      subjectOfEmail: () => {
        throw new Error('tests read a DATA_DIR through dataDirEvents; they append nothing personal');
      },
    }),
    eventSchemas,
  );
  return { store, close: () => Promise.all([store.close(), keys.close()]) };
}
