import bcrypt from 'bcryptjs';

/** bcryptjs's async API yields to the event loop between rounds, so a hash never blocks it whole. */
export class Passwords {
  // A real hash to compare against when the address is unknown, so both cases take as long.
  private dummy: Promise<string>;
  constructor(readonly cost: number) {
    this.dummy = bcrypt.hash('cadence-timing-equaliser', cost);
  }
  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.cost);
  }
  async verify(password: string, hash: string | null | undefined): Promise<boolean> {
    const ok = await bcrypt.compare(password, hash ?? (await this.dummy));
    return ok && !!hash;
  }
}
