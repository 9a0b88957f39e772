/** Runs before every file of the stack project (vitest `setupFiles`). */
import { beforeAll } from 'vitest';
import { freshAllowances } from './fresh-allowances';

beforeAll(() => freshAllowances());
