import { DuckDBInstance } from '@duckdb/node-api';
const i = await DuckDBInstance.create(':memory:');
const c = await i.connect();
const q = async (s) => { try { const r = await c.runAndReadAll(s); return JSON.stringify(r.getRowsJS(), (k,v)=>typeof v==='bigint'?String(v):v); } catch (e) { return 'ERR ' + e.message; } };
const ser = async (sql) => { const r = await c.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR)', [sql]); return r.getRowsJS()[0][0].slice(0,400); };
for (const s of [`DESCRIBE t`, `SUMMARIZE t`, `SHOW TABLES`, `EXPLAIN SELECT 1`, `PIVOT t ON a USING sum(b)`, `SELECT * FROM (VALUES (1))`, `SELECT ? , $1`, `SELECT * FROM query('select 1')`, `FROM t`, `SELECT 1 UNION SELECT 2`])
  console.log(s, '=>', await ser(s));
for (const s of [`SET enable_external_access = false`, `SET lock_configuration = true`, `SELECT * FROM read_csv('/etc/passwd')`, `SET enable_external_access = true`, `ATTACH '/tmp/x.db'`, `COPY (SELECT 1) TO '/tmp/xx.csv'`, `SELECT getenv('HOME')`, `SELECT current_setting('enable_external_access')`, `INSTALL httpfs`, `LOAD parquet`, `SELECT * FROM duckdb_settings() limit 1`, `SELECT * FROM glob('/tmp/*')`,`SELECT * FROM read_text('/etc/hostname')`, `SET memory_limit='2GB'`, `RESET lock_configuration`, `SELECT * FROM 'x.csv'`])
  console.log(s, '=>', await q(s));
