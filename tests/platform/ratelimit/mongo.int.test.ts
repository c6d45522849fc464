import { MongoClient } from 'mongodb';
import { afterAll } from 'vitest';
import { MongoRateLimitStore } from '../../../platform/ratelimit/mongo.js';
import { describeRateLimitContract } from './ratelimit.contract.js';

/**
 * The MongoDB buckets against MONGODB_URL (e.g. the one docker-compose.yml starts). Without it the
 * contract is reported as skipped, loudly: no MongoDB server can run on every machine.
 */
const url = process.env.MONGODB_URL;
if (!url) console.log('[rate limit mongo contract] SKIPPED: no MONGODB_URL');
const dbName = `ratelimit_contract_${process.pid}`;

afterAll(async () => {
  if (!url) return;
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 3000 });
  try {
    await client.db(dbName).dropDatabase();
  } finally {
    await client.close();
  }
});

describeRateLimitContract('mongo', () => MongoRateLimitStore.connect(url!, dbName), { skip: !url });
