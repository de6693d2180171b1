/** Demo accounts (password demo1234). Filled in by the accounts work. */
export async function seedAccounts(_env: Env): Promise<void> {}
