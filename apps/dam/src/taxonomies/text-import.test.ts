import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TAXONOMY_NAME_LENGTH, parseTaxonomyText, splitAtTopLevelItems, TaxonomyImportError, valueFromName, type TaxonomyTextNode } from './text-import.ts';

/** The forest as `name[>children]` outlines, categories in brackets: easy to compare with the file. */
function outline(nodes: TaxonomyTextNode[], depth = 0): string[] {
  return nodes.flatMap((n) => [`${'  '.repeat(depth)}${n.settable ? n.name : `[${n.name}]`}`, ...outline(n.children, depth + 1)]);
}

function errorOf(text: string): TaxonomyImportError {
  try {
    parseTaxonomyText(text);
  } catch (error) {
    if (error instanceof TaxonomyImportError) return error;
    throw error;
  }
  throw new Error('expected a TaxonomyImportError');
}

describe('parseTaxonomyText', () => {
  it('reads tab indentation as hierarchy, skips blank lines and Lightroom synonyms, marks [categories]', () => {
    const text = ['Animals', '\tMammals', '\t\tBush dog', '\t\t{Speothos venaticus}', '', '\t[Birds]', '\t\tOwl', 'Places', ''].join('\n');
    expect(outline(parseTaxonomyText(text))).toEqual(['Animals', '  Mammals', '    Bush dog', '  [Birds]', '    Owl', 'Places']);
  });

  it('reads space indentation of any width, CR LF line ends and a byte-order mark', () => {
    const text = '\uFEFFEurope\r\n    Norway\r\n        Oslo\r\n    Spain\r\nAsia\r\n';
    const forest = parseTaxonomyText(text);
    expect(outline(forest)).toEqual(['Europe', '  Norway', '    Oslo', '  Spain', 'Asia']);
    expect(forest[0]!.children[1]!.line).toBe(4);
  });

  it('takes the first item’s indentation as the top level', () => {
    expect(outline(parseTaxonomyText('  A\n    B\n  C'))).toEqual(['A', '  B', 'C']);
  });

  it('merges repeated names under the same parent, case-insensitively, keeping later children under them', () => {
    const forest = parseTaxonomyText('Colours\n\tRed\ncolours\n\tBlue\n\tred\n');
    expect(outline(forest)).toEqual(['Colours', '  Red', '  Blue']);
  });

  it('turns a category into a settable item when the same name also appears as a plain line', () => {
    expect(outline(parseTaxonomyText('[Birds]\nBirds'))).toEqual(['Birds']);
  });

  it.each([
    ['a return to an indentation no enclosing item has', 'A\n\t\tB\n\tC', 3],
    ['tabs and spaces mixed between levels', 'A\n\tB\n    C', 3],
    ['a line less indented than the first item', '\tA\nB', 2],
    ['an empty category', 'A\n[]', 2],
    ['a name over the length limit', `A\n\t${'x'.repeat(MAX_TAXONOMY_NAME_LENGTH + 1)}`, 2],
  ])('refuses %s with the line number', (_what, text, line) => {
    const error = errorOf(text);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(new RegExp(`^Line ${line}: `));
    expect(error.value).toBe('InvalidTaxonomyFile');
  });

  it('answers an empty forest for an empty or blank file', () => {
    expect(parseTaxonomyText('')).toEqual([]);
    expect(parseTaxonomyText('\n \n\t\n')).toEqual([]);
  });
});

describe('valueFromName', () => {
  it('removes < and > as the edit modal does (spec 02 §5)', () => {
    expect(valueFromName('<b>Bold</b> move')).toBe('bBold/b move');
  });
});

describe('splitAtTopLevelItems', () => {
  const text = ['  Animals', '    Mammals', '      Bush dog', '  Places', '    Oslo', '', '  Sports', '    Football', '    Tennis'].join('\n');

  it('cuts only before top-level items, into pieces that parse to the same items as the whole file', () => {
    const pieces = splitAtTopLevelItems(text, 30);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.split('\n')[0]).toMatch(/^ {2}\S/);
    expect(pieces.flatMap((p) => outline(parseTaxonomyText(p)))).toEqual(outline(parseTaxonomyText(text)));
  });

  it('keeps pieces within the limit unless one top-level item alone is longer', () => {
    for (const piece of splitAtTopLevelItems(text, 40)) {
      const items = parseTaxonomyText(piece);
      expect(piece.length <= 40 || items.length === 1).toBe(true);
    }
    expect(splitAtTopLevelItems(text, 10_000)).toEqual([text.replace('\n\n', '\n')]);
    expect(splitAtTopLevelItems('\n\n', 10)).toEqual([]);
  });
});

describe('parseTaxonomyText on generated trees', () => {
  interface Tree {
    name: string;
    children: Tree[];
  }
  /** Trees of unique names (so nothing merges), up to 4 levels deep. */
  const forest = fc
    .letrec<{ tree: Tree; forest: Tree[] }>((tie) => ({
      tree: fc.record({ name: fc.constant(''), children: fc.oneof({ depthSize: 'small' }, fc.constant([]), tie('forest')) as fc.Arbitrary<Tree[]> }),
      forest: fc.array(tie('tree') as fc.Arbitrary<Tree>, { minLength: 1, maxLength: 4 }),
    }))
    .forest.map((trees) => {
      let n = 0;
      const name = (t: Tree): Tree => ({ name: `Item ${n++}`, children: t.children.map(name) });
      return trees.map(name);
    });
  const render = (trees: Tree[], unit: string, depth = 0): string[] => trees.flatMap((t) => [`${unit.repeat(depth)}${t.name}`, ...render(t.children, unit, depth + 1)]);
  const shape = (nodes: Array<{ name: string; children: unknown[] }>): Tree[] => nodes.map((n) => ({ name: n.name, children: shape(n.children as Tree[]) }));

  it('reads back the tree it was written from, with any indentation unit and blank lines', () => {
    fc.assert(
      fc.property(forest, fc.constantFrom('\t', '  ', '    ', '\t\t'), fc.boolean(), (trees, unit, blanks) => {
        const lines = render(trees, unit);
        const text = (blanks ? lines.flatMap((l) => [l, '']) : lines).join('\n');
        expect(shape(parseTaxonomyText(text))).toEqual(trees);
      }),
    );
  });

  it('splits into pieces that together read back the same tree, whatever the size limit', () => {
    fc.assert(
      fc.property(forest, fc.integer({ min: 1, max: 200 }), (trees, limit) => {
        const pieces = splitAtTopLevelItems(render(trees, '\t').join('\n'), limit);
        expect(pieces.flatMap((p) => shape(parseTaxonomyText(p)))).toEqual(trees);
        for (const piece of pieces) expect(piece.length <= limit || parseTaxonomyText(piece).length === 1).toBe(true);
      }),
    );
  });
});
