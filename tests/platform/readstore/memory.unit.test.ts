import { MemoryReadStore } from '../../../platform/readstore/memory.js';
import { describeReadStoreContract } from './readstore.contract.js';

describeReadStoreContract('memory', async () => new MemoryReadStore());
