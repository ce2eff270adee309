/**
 * How the account of a used link is made: with the local provider, the chosen password's hash (hashed
 * before the transaction, so no lock waits on scrypt); with B2C, nothing here (B2C holds the password).
 */
export type NewAccount = { mode: 'local'; passwordHash: string } | { mode: 'b2c' };
