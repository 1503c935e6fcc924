import type { CompiledShaper } from '@apollo/gateway/dist/resultShaping';
import { isCustomScalarType, isEnumType, isListType, isNonNullType, isObjectType, type ObjectType, type Operation, type SelectionSet, type Type } from '@apollo/federation-internals';

/**
 * The gateway's result shaping (`computeResponse` of `@apollo/gateway`: the merged answers of a
 * plan's fetches cut down to the operation's selections, each leaf checked against its type),
 * written once per operation as a plain function (docs/decisions/gateway-results-shaped-by-compiled-functions.md).
 *
 * Only operations whose every selection is a field of an object type, with no directive, no
 * fragment, no introspection field and no response name twice are compiled (the others are
 * shaped by Apollo's walk). A compiled shaper answers `undefined`, and Apollo's walk shapes the
 * answer and names its errors, whenever the input is anything but valid: a null where the
 * schema says non-null, a leaf of the wrong kind, an unexpected `__typename`, a list that is not
 * one. A valid input gets the same data from both, key for key, in the same order.
 */
export function compileShaping(operation: Operation): CompiledShaper | undefined {
  const writer = new ShaperWriter();
  const root = operation.schema().schemaDefinition.rootType(operation.rootKind);
  if (!root) return undefined;
  const entry = writer.objectShaper(operation.selectionSet, root);
  if (entry === undefined) return undefined;
  const source = `${writer.functions.join('\n')}\nreturn function shape(input) { const data = ${entry}(input); return data === BAIL ? undefined : data; };`;
  return new Function('BAIL', 'hasOwn', 'K', source)(BAIL, Object.prototype.hasOwnProperty, writer.constants) as CompiledShaper;
}

/** What a shaping function answers when the input is not valid. */
const BAIL = Object.freeze({});

/** Names an object inherits (`constructor`, `toString` …): read only when the input has them itself. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

class ShaperWriter {
  readonly functions: string[] = [];
  readonly constants: unknown[] = [];
  private names = 0;

  /** The name of a function shaping an object of `type` by `selectionSet`, or undefined when it cannot be compiled. */
  objectShaper(selectionSet: SelectionSet, type: ObjectType): string | undefined {
    // Its place is taken now: the shapers of nested selections are written while this one is.
    const slot = this.functions.push('') - 1;
    const name = `s${slot}`;
    const lines: string[] = [];
    const fields: string[] = [];
    const seen = new Set<string>();
    for (const selection of selectionSet.selections()) {
      if (selection.kind !== 'FieldSelection') return undefined;
      const field = selection.element;
      const responseName = field.responseName();
      if (field.appliedDirectives.length > 0 || seen.has(responseName) || responseName === '__proto__') return undefined;
      if (field.definition.isSchemaIntrospectionField()) return undefined;
      seen.add(responseName);
      const key = JSON.stringify(responseName);
      const value = this.variable();
      lines.push(`let ${value} = ${INHERITED.has(responseName) ? `(hasOwn.call(i, ${key}) ? i[${key}] : undefined)` : `i[${key}]`};`);
      if (field.name === '__typename') {
        // As Apollo's walk: the input's name of the type (under this response name, else under `__typename` for an alias), else the parent's.
        if (responseName !== '__typename') lines.push(`if (${value} === undefined || ${value} === null) ${value} = i.__typename;`);
        lines.push(`if (${value} === undefined || ${value} === null) ${value} = ${JSON.stringify(type.name)}; else if (${value} !== ${JSON.stringify(type.name)}) return BAIL;`);
      } else {
        lines.push(`if (${value} === undefined) ${value} = null;`);
        const shaped = this.valueLines(value, field.definition.type!, selection.selectionSet);
        if (shaped === undefined) return undefined;
        lines.push(...shaped);
      }
      fields.push(`${key}: ${value}`);
    }
    lines.push(`return { ${fields.join(', ')} };`);
    this.functions[slot] = `function ${name}(i) {\n${lines.join('\n')}\n}`;
    return name;
  }

  /** Statements that replace `value` (a variable, never undefined) with its shaped value, or `return BAIL`. */
  private valueLines(value: string, type: Type, selectionSet: SelectionSet | undefined): string[] | undefined {
    if (isNonNullType(type)) {
      const inner = this.valueLines(value, type.ofType, selectionSet);
      return inner && [`if (${value} === null) return BAIL;`, ...inner];
    }
    const inner = this.presentValueLines(value, type, selectionSet);
    return inner && [`if (${value} !== null) {`, ...inner, '}'];
  }

  /** The same, for a value known not to be null. */
  private presentValueLines(value: string, type: Type, selectionSet: SelectionSet | undefined): string[] | undefined {
    if (isListType(type)) {
      const [list, index, element] = [this.variable(), this.variable(), this.variable()];
      const shaped = this.valueLines(element, type.ofType, selectionSet);
      if (!shaped) return undefined;
      return [
        `if (!Array.isArray(${value})) return BAIL;`,
        `const ${list} = new Array(${value}.length);`,
        `for (let ${index} = 0; ${index} < ${value}.length; ${index}++) {`,
        `let ${element} = ${value}[${index}];`,
        `if (${element} === undefined) return BAIL;`,
        ...shaped,
        `${list}[${index}] = ${element};`,
        '}',
        `${value} = ${list};`,
      ];
    }
    if (isObjectType(type)) {
      if (!selectionSet) return undefined;
      const shaper = this.objectShaper(selectionSet, type);
      if (!shaper) return undefined;
      return [
        `if (typeof ${value} !== 'object' || Array.isArray(${value})) return BAIL;`,
        `if (${value}.__typename !== undefined && ${value}.__typename !== ${JSON.stringify(type.name)}) return BAIL;`,
        `${value} = ${shaper}(${value});`,
        `if (${value} === BAIL) return BAIL;`,
      ];
    }
    if (selectionSet) return undefined;
    const valid = this.leafCheck(value, type);
    return valid === undefined ? undefined : [`if (!(${valid})) return BAIL;`];
  }

  /** The test Apollo's `isValidLeafValue` makes of a value not null, for a leaf `type`. */
  private leafCheck(value: string, type: Type): string | undefined {
    if (isCustomScalarType(type)) return 'true';
    if (isEnumType(type)) {
      const index = this.constants.push(new Set(type.values.map((enumValue) => enumValue.name))) - 1;
      return `typeof ${value} === 'string' && K[${index}].has(${value})`;
    }
    // A number is an Int or an ID when it prints as an integer: finite, whole, and without an exponent.
    const integer = `(Number.isInteger(${value}) && ${value} > -1e21 && ${value} < 1e21)`;
    switch (type.toString()) {
      case 'Boolean':
        return `typeof ${value} === 'boolean'`;
      case 'Int':
        return integer;
      case 'ID':
        return `(typeof ${value} === 'string' || ${integer})`;
      case 'Float':
        return `(typeof ${value} === 'number' && Number.isFinite(${value}))`;
      case 'String':
        return `typeof ${value} === 'string'`;
      default:
        return undefined;
    }
  }

  private variable(): string {
    return `v${this.names++}`;
  }
}
