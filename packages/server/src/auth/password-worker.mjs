// Runs in a worker thread (see passwords.ts): bcrypt is pure CPU, so it must never run on the
// event loop that serves requests. Plain JavaScript so it loads the same from src/ and dist/.
import { setPriority } from 'node:os';
import bcrypt from 'bcryptjs';

// On Linux a nice value set from a thread applies to that thread alone: hashing yields the CPU
// to the event loop that serves requests, and still uses every idle cycle (ADR 11).
try {
  setPriority(10);
} catch {
  // not permitted or not supported: hashing at normal priority still happens off the loop
}

/** @param {{ op: 'hash', password: string, cost: number } | { op: 'compare', password: string, hash: string }} task */
export default function run(task) {
  return task.op === 'hash' ? bcrypt.hashSync(task.password, task.cost) : bcrypt.compareSync(task.password, task.hash);
}
