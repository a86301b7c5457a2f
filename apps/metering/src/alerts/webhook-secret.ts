// Webhook secrets at rest: AES-256-GCM under QUERYLANE_SECRET_KEY, as the catalog seals credential
// secrets (apps/catalog/src/identity/secret-box.ts; apps may not share code, so the few lines are
// here too). A sealed value is version ‖ iv ‖ tag ‖ ciphertext; the associated data binds it to
// its alert, so a ciphertext copied to another alert does not open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppError } from '@querylane/errors';

const keyVersion = 1;

export class WebhookSecrets {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  }

  seal(secret: string, alertId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`alert-webhook:${alertId}`));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([keyVersion]), iv, cipher.getAuthTag(), ciphertext]).toString('base64');
  }

  open(sealed: string, alertId: string): string {
    const bytes = Buffer.from(sealed, 'base64');
    if (bytes[0] !== keyVersion) throw new AppError('internal_error', `a webhook secret was sealed with unknown key version ${bytes[0]}`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(1, 13));
    decipher.setAAD(Buffer.from(`alert-webhook:${alertId}`));
    decipher.setAuthTag(bytes.subarray(13, 29));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(29)), decipher.final()]).toString('utf8');
    } catch (error) {
      throw new AppError('internal_error', 'a webhook secret could not be decrypted (wrong QUERYLANE_SECRET_KEY?)', undefined, { cause: error });
    }
  }
}

/**
 * QUERYLANE_SECRET_KEY (32 bytes as base64 or hex) when set; required in production. Otherwise the
 * key the embedded mode keeps in `<data dir>/secret-key` (the same file the catalog uses).
 */
export function loadSecretKey(options: { secretKey?: string | undefined; production: boolean; dataDir: string }): Buffer {
  if (options.secretKey) return parseKey(options.secretKey, 'QUERYLANE_SECRET_KEY');
  if (options.production) throw new AppError('internal_error', 'QUERYLANE_SECRET_KEY is required when NODE_ENV=production');
  const file = join(options.dataDir, 'secret-key');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
    } catch (error) {
      // Another service of this data directory wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return parseKey(readFileSync(file, 'utf8').trim(), file);
}

function parseKey(value: string, source: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new AppError('internal_error', `${source} must be 32 bytes, as base64 or 64 hex characters`);
  return key;
}
