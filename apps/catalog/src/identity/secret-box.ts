// AES-256-GCM for credential secrets. A sealed value is version ‖ iv ‖ tag ‖ ciphertext, and the
// associated data binds it to its credential and field, so a ciphertext moved elsewhere fails.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppError } from '@querylane/errors';

const keyVersion = 1;

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  }

  get version(): number {
    return keyVersion;
  }

  seal(plaintext: string, context: string): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([keyVersion]), iv, cipher.getAuthTag(), ciphertext]);
  }

  open(sealed: Buffer, context: string): string {
    if (sealed[0] !== keyVersion) throw new AppError('internal_error', `secret sealed with unknown key version ${sealed[0]}`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(1, 13));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(sealed.subarray(13, 29));
    try {
      return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]).toString('utf8');
    } catch (error) {
      throw new AppError('internal_error', 'a secret could not be decrypted (wrong QUERYLANE_SECRET_KEY?)', undefined, { cause: error });
    }
  }
}

/**
 * QUERYLANE_SECRET_KEY (32 bytes as base64 or hex) when set; required in production. Otherwise a
 * key generated once and kept in `<data dir>/secret-key` (mode 0600), for the embedded mode.
 */
export function loadSecretKey(options: { secretKey?: string | undefined; production: boolean; dataDir: string }): Buffer {
  if (options.secretKey) return parseKey(options.secretKey, 'QUERYLANE_SECRET_KEY');
  if (options.production) throw new AppError('internal_error', 'QUERYLANE_SECRET_KEY is required when NODE_ENV=production');
  const file = join(options.dataDir, 'secret-key');
  if (existsSync(file)) return parseKey(readFileSync(file, 'utf8').trim(), file);
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

function parseKey(value: string, source: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new AppError('internal_error', `${source} must be 32 bytes, as base64 or 64 hex characters`);
  return key;
}
