// @querylane/duckdb: records → zstd Parquet (connector), Parquet → data profile and DDL (query-runtime).
export type { JsonScalar, TypeFamily } from './column-type.js';
export { maxProfileStringLength } from './column-type.js';
export { defaultMemoryLimit } from './duckdb-session.js';
export { codeNamed, isPlainNumber } from './number-text.js';
export { profileParquet, renamedProfile } from './parquet-profiler.js';
export type { ColumnProfile, DataProfile, ProfileParquetOptions, TopValue } from './parquet-profiler.js';
export { RecordsFormatChange, tableNameMetadataKey, writeParquet } from './parquet-writer.js';
export type { JsonBodyFile, JsonRecordsDocument, ParquetColumn, ParsedRecords, WriteParquetOptions, WriteParquetResult } from './parquet-writer.js';
export { emptyKeyName, wrappedValueKey } from './record-normalizer.js';
export { classifyColumn, looksLikeIdName } from './semantic-classifier.js';
export type { ColumnFacts, SemanticType } from './semantic-classifier.js';
export { columnSql, quoteIdentifier, quoteLiteral } from './sql-identifier.js';
