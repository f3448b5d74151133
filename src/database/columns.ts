/** `phoneNumberId` → `phone_number_id`: an entity property's name as its column's (the project's naming rule). */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/**
 * An entity's columns as a raw statement returns them (snake_case names, the entity's types): row
 * types are picked from this, so that each table is typed once, by its entity. A row type narrows a
 * column the entity keeps wide (a status's values, a JSON column's shape) by overriding it.
 */
export type Columns<Entity> = {
  [Property in keyof Entity as Property extends string ? SnakeCase<Property> : never]: Entity[Property];
};
