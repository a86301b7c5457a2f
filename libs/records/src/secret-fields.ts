// Finds the secret values in a credential or request document: every value inside an `auth`
// object except the ones that only describe it (the API-key header name, where it goes, the user
// name), and anywhere a key named like a secret. The catalog seals them into Secret rows and the
// connector redacts them from stored requests; both keep null in their place.

const describingAuthFields = new Set(['key', 'in', 'type', 'username', 'header', 'name', 'scheme', 'authtype']);
const secretName = /(password|passwd|secret|token|api[-_]?key|apikey|authorization|credential|private[-_]?key|cookie|session)/i;

export interface SecretValue {
  /** Dotted path from the document root, e.g. "config.auth.token". */
  path: string;
  value: string;
}

export function extractSecrets(root: 'config' | 'metadata', document: Record<string, unknown> | undefined): {
  redacted: Record<string, unknown> | null;
  secrets: SecretValue[];
} {
  if (!document) return { redacted: null, secrets: [] };
  const secrets: SecretValue[] = [];
  // Under a secret-named key every string or number is secret, e.g. the seed's parameters shape
  // `{ client_secret: { value, required } }`.
  const walk = (value: unknown, path: string, inAuth: boolean, key: string, inSecret: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item, index) => walk(item, `${path}.${index}`, inAuth, key, inSecret));
    if (value !== null && typeof value === 'object') {
      const secretParent = inSecret || secretName.test(key);
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([childKey, child]) => [
          childKey,
          walk(child, `${path}.${childKey}`, inAuth || childKey.toLowerCase() === 'auth', childKey, secretParent),
        ]),
      );
    }
    const candidate = (typeof value === 'string' || typeof value === 'number') && String(value) !== '';
    const secret = candidate && (inSecret || secretName.test(key) || (inAuth && !describingAuthFields.has(key.toLowerCase())));
    if (!secret) return value;
    secrets.push({ path, value: String(value) });
    return null;
  };
  return { redacted: walk(document, root, false, root, false) as Record<string, unknown>, secrets };
}
