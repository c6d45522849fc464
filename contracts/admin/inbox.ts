import { z } from 'zod';
import { pagingShape } from './paging.js';

/** GET /api/admin/inquiries: newest first, one page (default 50); the total is in X-Total-Count. */
export const InboxQuerySchema = z.object(pagingShape(100));
