// `responsePathExtractor` (and the cursor path of cursor pagination): a key or a dotted path into a
// response, e.g. `data.items` or `results.0.rows`.
import { AppError } from '@querylane/errors';

const maxListedKeys = 50;

export type PathLookup = { found: true; value: unknown } | { found: false; reached: string; available: string[]; why: string };

/**
 * Splits a path. `$`, `$.` and `[n]` are accepted as well (`$.data.items[0]` is `data.items.0`),
 * since people paste JSONPath-looking paths.
 */
export function pathSegments(path: string): string[] {
  const trimmed = path.trim().replace(/^\$\.?/, '');
  if (trimmed === '') return [];
  return trimmed
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((segment, index, all) => segment !== '' || (index > 0 && index < all.length - 1));
}

/**
 * Follows the path. At each object the longest run of remaining segments that is a key wins, so a
 * key that itself contains dots (`{"data.items": […]}`) is found by `data.items` too.
 */
export function lookUpPath(root: unknown, path: string): PathLookup {
  const segments = pathSegments(path);
  let current = root;
  let index = 0;
  const walked: string[] = [];
  while (index < segments.length) {
    if (Array.isArray(current)) {
      const segment = segments[index] ?? '';
      const position = /^\d+$/.test(segment) ? Number(segment) : -1;
      if (position < 0 || position >= current.length) {
        const why = current.length === 0 ? 'it is an empty array' : `it is an array of ${current.length} items; use an index from 0 to ${current.length - 1}`;
        return { found: false, reached: walked.join('.'), available: current.length === 0 ? [] : [`0…${current.length - 1}`], why };
      }
      current = current[position];
      walked.push(segment);
      index += 1;
      continue;
    }
    if (current !== null && typeof current === 'object') {
      const object = current as Record<string, unknown>;
      let taken = 0;
      for (let length = segments.length - index; length >= 1; length -= 1) {
        if (Object.hasOwn(object, segments.slice(index, index + length).join('.'))) {
          taken = length;
          break;
        }
      }
      if (taken === 0) {
        const keys = Object.keys(object);
        return { found: false, reached: walked.join('.'), available: keys.slice(0, maxListedKeys), why: keys.length === 0 ? 'it is an empty object' : `it has no key ${JSON.stringify(segments[index])}` };
      }
      const key = segments.slice(index, index + taken).join('.');
      current = object[key];
      walked.push(key);
      index += taken;
      continue;
    }
    return { found: false, reached: walked.join('.'), available: [], why: `it is ${current === null ? 'null' : `a ${typeof current}`}, which has no keys` };
  }
  return { found: true, value: current };
}

/** The value at `path`, or `invalid_request` listing the keys that exist where the path broke off. */
export function extractPath(root: unknown, path: string, field = 'responsePathExtractor'): unknown {
  const result = lookUpPath(root, path);
  if (result.found) return result.value;
  const where = result.reached === '' ? 'the top level of the response' : JSON.stringify(result.reached);
  const listed = result.available.length > 0 ? `; the keys there are: ${result.available.join(', ')}` : '';
  throw new AppError('invalid_request', `${field} ${JSON.stringify(path)} does not match the response: at ${where} ${result.why}${listed}`, {
    field,
    reached: result.reached,
    available_keys: result.available,
  });
}
