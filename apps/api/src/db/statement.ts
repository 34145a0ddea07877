import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

const dialect = new PgDialect();

/**
 * A read statement rendered to SQL text once and run with each call's values, bound by name to
 * its `sql.placeholder`s. Rendering walks every chunk of a query with prototype checks: on the
 * dashboard's statements it cost 0.1–0.5 ms per request (docs/decisions/0008), more than some of
 * the statements take to run. The driver still receives an unnamed statement with parameters,
 * exactly as a query built per call would send; rows come back as plain objects keyed by the
 * statement's column aliases (dates and timestamps as the database's text, as Drizzle reads them).
 */
export function prepareStatement<Row, Values extends Record<string, unknown>>(
  statement: SQL,
): (db: Database, values: Values) => Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  return async (db, values) => {
    const result = await db._.session
      .prepareQuery(query, undefined, undefined, false)
      .execute(values);
    return (result as unknown as { rows: Row[] }).rows;
  };
}

/**
 * Statements whose text depends on the request's shape (sort key, optional filters) rendered once
 * per shape: `render` builds the statement for the shape the key names.
 */
export function prepareStatementsByShape<Row, Values extends Record<string, unknown>, Shape>(
  keyOf: (shape: Shape) => string,
  render: (shape: Shape) => SQL,
): (db: Database, shape: Shape, values: Values) => Promise<Row[]> {
  const statements = new Map<string, (db: Database, values: Values) => Promise<Row[]>>();
  return (db, shape, values) => {
    const key = keyOf(shape);
    let statement = statements.get(key);
    if (!statement) {
      statement = prepareStatement<Row, Values>(render(shape));
      statements.set(key, statement);
    }
    return statement(db, values);
  };
}
