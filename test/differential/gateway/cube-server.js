// Cube's own API gateway (@cubejs-backend/server, installed in $CUBE_GATEWAY_DIR, outside this repository) over a
// model folder and a DuckDB with the tables ($INIT_SQL_FILE), groups from the JWT's `groups`. Started by record.ts
// with cube-native-double.js preloaded (the Rust module is absent).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const gatewayRequire = createRequire(path.join(process.env.CUBE_GATEWAY_DIR, 'package.json'));
const CubejsServer = gatewayRequire('@cubejs-backend/server');
const { DuckDBDriver } = gatewayRequire('@cubejs-backend/duckdb-driver');
const initSql = fs.readFileSync(process.env.INIT_SQL_FILE, 'utf8');
const server = new CubejsServer({
  // Cube joins schemaPath to the working directory.
  schemaPath: path.relative(process.cwd(), process.env.MODEL_DIR),
  apiSecret: process.env.CUBEJS_API_SECRET,
  driverFactory: () => new DuckDBDriver({ initSql }),
  contextToGroups: ({ securityContext }) => securityContext.groups ?? [],
  logger: (msg, params) => {
    if (process.env.CUBE_LOG) console.log(msg, JSON.stringify(params));
  },
});
server
  .listen()
  .then(({ port }) => console.log(`READY ${port}`))
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });
