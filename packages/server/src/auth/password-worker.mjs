// Runs in a worker thread (see passwords.ts): bcrypt is pure CPU, so it must never run on the
// event loop that serves requests. Plain JavaScript so it loads the same from src/ and dist/.
import bcrypt from 'bcryptjs';

/** @param {{ op: 'hash', password: string, cost: number } | { op: 'compare', password: string, hash: string }} task */
export default function run(task) {
  return task.op === 'hash' ? bcrypt.hashSync(task.password, task.cost) : bcrypt.compareSync(task.password, task.hash);
}
