import { getMetadataArgsStorage } from 'typeorm';
import type { Columns } from './database/columns';
import { ENTITIES } from './entities';

// Row types are picked from the entities (`Columns<Entity>`, database/columns.ts), which names each
// column as its property in snake_case. Here, that every entity's columns are named so: a column
// named otherwise would give a row type a key that no statement returns.

// The type does at compile time what snakeCase does here.
const typed: Array<keyof Columns<{ phoneNumberId: string; isOnBizApp: boolean; id: string }>> = [
  'phone_number_id',
  'is_on_biz_app',
  'id',
];

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

describe('entity columns are their properties in snake_case (the rule Columns<Entity> types rows by)', () => {
  const classes = new Set<unknown>(ENTITIES);
  const columns = getMetadataArgsStorage().columns.filter((column) => classes.has(column.target));

  it('types the same names as the rule below', () => {
    expect(typed).toEqual(['phoneNumberId', 'isOnBizApp', 'id'].map(snakeCase));
  });

  it('reads the columns of every entity', () => {
    const withColumns = new Set(columns.map((column) => column.target));
    expect(withColumns.size).toBe(classes.size);
  });

  it('names every column as its property in snake_case', () => {
    expect(columns.length).toBeGreaterThan(200);
    const otherwise = columns
      .map((column) => ({
        column: `${(column.target as { name: string }).name}.${column.propertyName}`,
        name: column.options.name ?? column.propertyName,
      }))
      .filter(({ column, name }) => name !== snakeCase(column.split('.')[1]));
    expect(otherwise).toEqual([]);
  });
});
