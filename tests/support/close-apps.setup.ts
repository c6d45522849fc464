import { afterAll } from 'vitest';
import { closeOpenTestApps } from './app.js';

// Run for every test file of the unit and int tiers (vitest.config.ts): an app a file left open is
// closed when the file ends, before the next file runs in the same process.
afterAll(closeOpenTestApps);
