// The connector's settings: every limit on a target can be set from the environment, and the
// defaults are the target client's own.
import { describe, expect, it } from 'vitest';
import { parseEnv } from '@querylane/runtime';
import { connectorConfigSchema, targetLimitsOf } from '../src/config.js';
import { defaultTargetLimits, resolveTargetLimits } from '../src/target/index.js';

describe('connector settings', () => {
  it('gives the target client its default limits when nothing is set', () => {
    expect(targetLimitsOf(parseEnv(connectorConfigSchema, {}))).toEqual(defaultTargetLimits);
  });

  it('reads every limit from its variable, zero where zero means none', () => {
    const limits = targetLimitsOf(
      parseEnv(connectorConfigSchema, {
        CONNECTOR_CONNECT_TIMEOUT_MS: '1500',
        CONNECTOR_TOTAL_TIMEOUT_MS: '9000',
        CONNECTOR_MAX_RESPONSE_BYTES: '1048576',
        CONNECTOR_MAX_DECOMPRESSED_BYTES: '4194304',
        CONNECTOR_MAX_REDIRECTS: '0',
        CONNECTOR_MAX_PAGES: '7',
        CONNECTOR_MAX_ATTEMPTS: '2',
        CONNECTOR_RETRY_BASE_DELAY_MS: '0',
        CONNECTOR_RETRY_MAX_DELAY_MS: '2000',
        CONNECTOR_MAX_REQUEST_BODY_BYTES: '65536',
        CONNECTOR_PREVIEW_RECORDS: '20',
      }),
    );
    expect(resolveTargetLimits(limits)).toEqual({
      connectTimeoutMs: 1500,
      totalTimeoutMs: 9000,
      maxResponseBytes: 1_048_576,
      maxDecompressedBytes: 4_194_304,
      maxRedirects: 0,
      maxPages: 7,
      maxAttempts: 2,
      retryBaseDelayMs: 0,
      retryMaxDelayMs: 2000,
      maxRequestBodyBytes: 65_536,
      previewRecords: 20,
    });
  });

  it('refuses a limit that is no whole number, or below its least, naming the variable', () => {
    expect(() => parseEnv(connectorConfigSchema, { CONNECTOR_MAX_REDIRECTS: '-1' })).toThrow(/CONNECTOR_MAX_REDIRECTS/);
    expect(() => parseEnv(connectorConfigSchema, { CONNECTOR_MAX_DECOMPRESSED_BYTES: '0' })).toThrow(/CONNECTOR_MAX_DECOMPRESSED_BYTES/);
    expect(() => parseEnv(connectorConfigSchema, { CONNECTOR_RETRY_MAX_DELAY_MS: 'soon' })).toThrow(/CONNECTOR_RETRY_MAX_DELAY_MS/);
  });
});
