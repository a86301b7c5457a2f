// Keeps a request's secret values out of logs, error messages and returned data: URLs lose their
// userinfo and secret query values, text loses every occurrence of a known secret.

/**
 * Names whose values are secret wherever they appear (headers, parameters); the catalog uses the
 * same rule when it seals credentials, so what it hides is what the connector hides.
 */
export const secretName = /(password|passwd|secret|token|api[-_]?key|apikey|authorization|credential|private[-_]?key|cookie|session)/i;

// Query parameters hide more: a URL is only ever shown in logs and messages, where a hidden `key`
// or `sig` costs nothing, while the values scrubbed from data must be real secrets only.
const secretQueryName = /(signature|^sig$|^key$|^auth$|^code$|^x-amz-credential$)/i;

export const redactedText = '[redacted]';

// Replacing shorter values would shred ordinary data (a one-letter password) and hide nothing real.
const minimumSecretLength = 4;

export class Redactor {
  private readonly secrets: string[];
  /** The same forms as their UTF-8 bytes read as latin1, for scrubbing bodies without decoding them. */
  private readonly byteSecrets: string[];
  private readonly secretParameters: Set<string>;

  /**
   * @param secrets values that must never be shown (auth values, secret-named header values, …)
   * @param secretParameters query parameter names whose values are secret besides `secretName`'s (the API-key name)
   */
  constructor(secrets: Iterable<string> = [], secretParameters: Iterable<string> = []) {
    const forms = new Set<string>();
    for (const secret of secrets) {
      if (secret.length < minimumSecretLength) continue;
      forms.add(secret);
      // The same value as it appears inside JSON text and inside a query string.
      forms.add(JSON.stringify(secret).slice(1, -1));
      forms.add(encodeURIComponent(secret));
      forms.add(new URLSearchParams({ s: secret }).toString().slice(2));
    }
    // Longest first, so a secret that contains another is replaced whole.
    this.secrets = [...forms].sort((a, b) => b.length - a.length);
    this.byteSecrets = this.secrets.map((secret) => Buffer.from(secret, 'utf8').toString('latin1'));
    this.secretParameters = new Set([...secretParameters].map((name) => name.toLowerCase()));
  }

  /** The URL without userinfo and with the values of secret query parameters replaced. */
  url(target: URL | string): string {
    let url: URL;
    try {
      url = new URL(String(target));
    } catch {
      return this.text(String(target));
    }
    url.username = '';
    url.password = '';
    for (const name of new Set(url.searchParams.keys())) {
      if (this.isSecretParameter(name)) url.searchParams.set(name, redactedText);
    }
    // `[redacted]` reads better in a log line than its percent-encoded form.
    return this.text(url.toString()).split(encodeURIComponent(redactedText)).join(redactedText);
  }

  isSecretParameter(name: string): boolean {
    return secretName.test(name) || secretQueryName.test(name) || this.secretParameters.has(name.toLowerCase());
  }

  text(value: string): string {
    let result = value;
    for (const secret of this.secrets) if (result.includes(secret)) result = result.split(secret).join(redactedText);
    return result;
  }

  /** Every form of every secret as the bytes a body would carry it in (for a body read a chunk at a time). */
  byteForms(): Buffer[] {
    return this.byteSecrets.map((secret) => Buffer.from(secret, 'latin1'));
  }

  /**
   * A response body with every secret replaced, before anything parses it: the target may echo a
   * key back (in an error, in a "whoami" record) and nothing of it may reach data or messages.
   * latin1 maps bytes to characters one to one, so the body's bytes stay as they are.
   */
  bytes(body: Buffer): Buffer {
    if (this.byteSecrets.length === 0) return body;
    const text = body.toString('latin1');
    let result = text;
    for (const secret of this.byteSecrets) if (result.includes(secret)) result = result.split(secret).join(redactedText);
    return result === text ? body : Buffer.from(result, 'latin1');
  }
}
