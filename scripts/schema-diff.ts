// Prints the SQL that would bring DATABASE_URL's schema in line with the entities (empty when in sync).
// Used to write migrations: `npm run schema:diff`.
import 'reflect-metadata';
import dataSource from '../ormconfig';

async function main(): Promise<void> {
  await dataSource.initialize();
  await dataSource.runMigrations();
  const sql = await dataSource.driver.createSchemaBuilder().log();
  for (const query of sql.upQueries) console.log(query.query + ';');
  await dataSource.destroy();
}

void main();
