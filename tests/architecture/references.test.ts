/**
 * Comments point only at what a reader of the repo has (decision 092): code, docs/api.md's sections, a decision.
 * This finds citations of documents outside the repo (a contract or spec section, an issue number) in src/,
 * tests/, scripts/ and the root config files, and pointers into docs/api.md or docs/decisions that lead nowhere.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const thisFile = path
  .relative(root, import.meta.filename)
  .split(path.sep)
  .join('/');

const textFile = /\.(ts|tsx|mts|mjs|js|cjs|sql|css|md|html|jsonc)$/;

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .map((file) => `${folder}/${file.split(path.sep).join('/')}`)
    .filter((file) => textFile.test(file));
}

const rootConfigFiles = readdirSync(root).filter((file) => /\.config\.ts$|^biome\.jsonc$/.test(file));
const files = [...filesUnder('src'), ...filesUnder('tests'), ...filesUnder('scripts'), ...rootConfigFiles].filter(
  (file) => file !== thisFile,
);
const sources = files.map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));

// This file is left out of the scan, so it may spell the patterns it looks for.
const outsideCitations = [/\b(?:contract|spec)(?:'s|’s)? §\s*\d+/i, /\(§\s*\d/, /\bissues? #?\d+/i];

function lineNumber(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

describe('references in code, tests and scripts', () => {
  it('never cite a contract or spec section or an issue number', () => {
    const found = sources.flatMap(({ file, text }) =>
      outsideCitations.flatMap((pattern) => {
        const global = new RegExp(pattern.source, `${pattern.flags}g`);
        return [...text.matchAll(global)].map((match) => `${file}:${lineNumber(text, match.index)}: ${match[0]}`);
      }),
    );
    expect(found).toEqual([]);
  });

  it("point at docs/api.md's sections by their names", () => {
    const api = readFileSync(path.join(root, 'docs/api.md'), 'utf8');
    const sections = [...api.matchAll(/^## (.+)$/gm)].map((match) => match[1] ?? '');
    expect(sections).toContain("The owner's API");
    const unknown = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/docs\/api\.md, ([^)\n;]+)/g)]
        .filter((match) => !sections.some((section) => (match[1] ?? '').startsWith(section)))
        .map((match) => `${file}:${lineNumber(text, match.index)}: ${match[0]}`),
    );
    expect(unknown).toEqual([]);
  });

  it('point at decisions that exist', () => {
    const decisions = new Set(
      readdirSync(path.join(root, 'docs/decisions'))
        .map((file) => /^(\d{3})-/.exec(file)?.[1])
        .filter((number) => number !== undefined),
    );
    expect(existsSync(path.join(root, 'docs/decisions/README.md'))).toBe(true);
    const missing = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/\bdecisions? (\d{3})\b/gi)]
        .filter((match) => !decisions.has(match[1] ?? ''))
        .map((match) => `${file}:${lineNumber(text, match.index)}: ${match[0]}`),
    );
    expect(missing).toEqual([]);
  });
});
