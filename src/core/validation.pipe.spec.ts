import { getMetadataStorage, IsInt, IsString, validate } from 'class-validator';
import { rememberValidationRules } from './validation.pipe';

class Parent {
  @IsString()
  name!: unknown;
}

class Child extends Parent {
  @IsInt()
  count!: unknown;
}

const constraintsOf = async (object: object) =>
  (await validate(object)).map((error) => [error.property, Object.keys(error.constraints ?? {})]);

describe('rememberValidationRules', () => {
  it('keeps what class-validator works out for a class, so validation gives the same answers', async () => {
    const before = await constraintsOf(Object.assign(new Child(), { name: 1, count: 'x' }));
    rememberValidationRules();
    rememberValidationRules(); // twice is once
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Child, '', false, false);
    expect(storage.getTargetValidationMetadatas(Child, '', false, false)).toBe(first);
    expect(first.map((rule) => rule.propertyName).sort()).toEqual(['count', 'name']);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));

    expect(await constraintsOf(Object.assign(new Child(), { name: 1, count: 'x' }))).toEqual(before);
    expect(before).toEqual([
      ['count', ['isInt']],
      ['name', ['isString']],
    ]);
    expect(await constraintsOf(Object.assign(new Child(), { name: 'a', count: 2 }))).toEqual([]);
    expect(await constraintsOf(Object.assign(new Parent(), { name: 'a', count: 'not checked' }))).toEqual([]);
  });

  it('leaves validation with groups as the library does it', () => {
    rememberValidationRules();
    const storage = getMetadataStorage();
    expect(storage.getTargetValidationMetadatas(Child, '', false, false, ['g'])).not.toBe(
      storage.getTargetValidationMetadatas(Child, '', false, false, ['g']),
    );
  });
});
