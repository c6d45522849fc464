import { MongoKeyStore } from '../../../platform/keystore/mongo.js';
import { describeKeyStoreContract } from './keystore.contract.js';

/**
 * Runs the contract against MONGODB_URL (`npm run test:contracts` points it at the compose
 * database). Without it the suite is reported as skipped, loudly, never as passed.
 */
const url = process.env.MONGODB_URL;
if (!url) console.log('[mongo key store contract] SKIPPED: no MONGODB_URL');

describeKeyStoreContract(
  'mongo',
  async () => {
    const store = await MongoKeyStore.connect(url!, `keystore_contract_${process.pid}`);
    await store.dropAll();
    return {
      store,
      cleanup: async () => {
        await store.dropAll();
        await store.close();
      },
    };
  },
  { skip: !url },
);
