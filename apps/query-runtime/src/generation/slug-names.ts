// Clean snake identifiers for program and slot names: column names come from the data ("US Gross",
// "a\"b", "2nd place"), but names are what URLs, OpenAPI and `$slot` parameters are made of.

/**
 * The signs a column's name may say a word by, spelled: `#` (a Pokédex's number, "# of votes") and
 * `%` ("Win %"). A name of signs alone had become `column`, and "win %" no "win percent".
 */
export function spellSigns(text: string): string {
  return text.replace(/#/g, ' number ').replace(/%/g, ' percent ').replace(/\s+/g, ' ').trim();
}

/** `US Gross` → `us_gross`; `2nd` → `c_2nd`; `#` → `number`; nothing usable → `fallback`. */
export function snakeName(text: string, fallback = 'value'): string {
  const base = spellSigns(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (base.length === 0) return fallback;
  // A parameter or URL segment starting with a digit is awkward everywhere it goes.
  const safe = /^[0-9]/.test(base) ? `c_${base}` : base;
  return safe.slice(0, 60).replace(/_+$/, '');
}

/** Hands out names that are unique within one scope, suffixing `_2`, `_3` on collision. */
export class NameAllocator {
  private readonly used = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.used.add(name);
  }

  take(wanted: string): string {
    let name = wanted;
    for (let index = 2; this.used.has(name); index += 1) name = `${wanted}_${index}`;
    this.used.add(name);
    return name;
  }
}
