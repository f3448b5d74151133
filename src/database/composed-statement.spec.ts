import { ComposedStatement } from './composed-statement';

describe('ComposedStatement', () => {
  it('numbers parameters in the order they are taken, with their types, across parts', () => {
    const statement = new ComposedStatement();
    const first = statement.with(
      'a',
      `INSERT INTO t (x) SELECT * FROM ${statement.unnest([[1, 2], 'int[]'])} RETURNING x`,
    );
    const second = statement.with(
      'b',
      `UPDATE u SET y = ${statement.param('v', 'text')} WHERE x IN (SELECT x FROM ${first})`,
    );
    expect(statement.text(`SELECT * FROM ${second}`)).toBe(
      'WITH a AS (INSERT INTO t (x) SELECT * FROM unnest($1::int[]) RETURNING x),\n' +
        'b AS (UPDATE u SET y = $2::text WHERE x IN (SELECT x FROM a))\nSELECT * FROM b',
    );
    expect(statement.parameters).toEqual([[1, 2], 'v']);
  });
});
