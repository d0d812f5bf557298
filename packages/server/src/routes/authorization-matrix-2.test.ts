import { vi } from 'vitest';
import { authorizationMatrix } from './authorization-matrix.suite';

// Every `can()` the server asks is counted against the request that asked it (docs/adr/0017).
vi.mock('@cadence/core', async (importOriginal) => (await import('../test/policy-audit')).countingCore(importOriginal));

authorizationMatrix(1);
