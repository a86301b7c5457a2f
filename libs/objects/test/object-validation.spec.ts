// Unit tests of the one place that decides which keys, prefixes, buckets and options are valid.
import { describe, expect, it } from 'vitest';
import { AppError } from '@querylane/errors';
import { validateBucketName, validateKeyPrefix, validateObjectKey, validatePutOptions, type PutObjectOptions } from '@querylane/objects';

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
}

describe('object key validation', () => {
  it.each([
    'a',
    'reports/2024/01/result.parquet',
    'with space/and-dash_underscore.~tilde',
    'dots.in.names/..hidden/.x/x.',
    'ünïcödé/日本語/emoji-🙂',
    'x'.repeat(1024),
    `${'é'.repeat(512)}`,
  ])('accepts %j', (key) => {
    expect(codeOf(() => validateObjectKey(key))).toBeUndefined();
  });

  it.each([
    ['', 'non-empty'],
    ['/leading', "start with '/'"],
    ['a/../b', "'..' segment"],
    ['..', "'..' segment"],
    ['a/./b', "'.' segment"],
    ['.', "'.' segment"],
    ['a/..', "'..' segment"],
    ['a//b', 'empty segment'],
    ['trailing/', 'empty segment'],
    ['back\\slash', 'backslash'],
    ['nul\u0000byte', 'NUL'],
    ['line\nbreak', 'control character'],
    ['x'.repeat(1025), '1025 UTF-8 bytes'],
    ['é'.repeat(513), '1026 UTF-8 bytes'],
    ['lone\ud800surrogate', 'well-formed Unicode'],
  ])('refuses %j with invalid_request naming the reason', (key, reason) => {
    let caught: unknown;
    try {
      validateObjectKey(key);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe('invalid_request');
    expect((caught as AppError).message).toContain(reason);
  });

  it('refuses a value that is not a string', () => {
    expect(codeOf(() => validateObjectKey(42 as unknown as string))).toBe('invalid_request');
  });

  it('keeps messages short for huge keys', () => {
    try {
      validateObjectKey('y'.repeat(5000));
    } catch (error) {
      expect((error as Error).message.length).toBeLessThan(250);
    }
  });
});

describe('key prefix validation', () => {
  it.each(['', 'a', 'a/', 'a/b', 'a/b/', 'a/.', 'a/..', 'a/..x', 'reports/20'])('accepts %j', (prefix) => {
    expect(codeOf(() => validateKeyPrefix(prefix))).toBeUndefined();
  });

  it.each(['/a', 'a//', '../a', 'a/../b/', './', 'back\\slash', 'nul\u0000', 'x'.repeat(1025)])('refuses %j', (prefix) => {
    expect(codeOf(() => validateKeyPrefix(prefix))).toBe('invalid_request');
  });
});

describe('bucket name validation', () => {
  it.each(['querylane', 'abc', 'my-bucket.v2', 'a'.repeat(63)])('accepts %j', (bucket) => {
    expect(codeOf(() => validateBucketName(bucket))).toBeUndefined();
  });

  it.each(['ab', 'a'.repeat(64), 'Upper', 'under_score', '-dash', 'dash-', 'two..dots', '192.168.1.1', '.meta'])('refuses %j', (bucket) => {
    expect(codeOf(() => validateBucketName(bucket))).toBe('internal_error');
  });
});

describe('put option validation', () => {
  it('fills in the defaults', () => {
    expect(validatePutOptions(undefined)).toEqual({ contentType: 'application/octet-stream', metadata: {}, size: undefined });
  });

  it('keeps valid options', () => {
    const options = { contentType: 'text/csv; charset=utf-8', size: 10, metadata: { 'source-id': 'abc 123', v2: 'x' } };
    expect(validatePutOptions(options)).toEqual(options);
  });

  it.each<PutObjectOptions>([
    { contentType: '' },
    { contentType: 'text/plain\r\nx-injected: 1' },
    { contentType: 'tëxt/plain' },
    { size: -1 },
    { size: 1.5 },
    { metadata: { Upper: 'x' } },
    { metadata: { 'under_score': 'x' } },
    { metadata: { 'content-type': 'x' } },
    { metadata: { 'x-amz-meta-x': 'x' } },
    { metadata: { name: 'ünï' } },
    { metadata: { name: ' padded ' } },
    { metadata: { name: '' } },
    { metadata: { name: 'line\nbreak' } },
    { metadata: { big: 'x'.repeat(2048) } },
  ])('refuses %j with invalid_request', (options) => {
    expect(codeOf(() => validatePutOptions(options))).toBe('invalid_request');
  });
});
