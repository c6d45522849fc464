import { MemoryKeyStore } from '../../../platform/keystore/memory.js';
import { describeKeyStoreContract } from './keystore.contract.js';

describeKeyStoreContract('memory', async () => ({ store: new MemoryKeyStore(), cleanup: async () => undefined }));
