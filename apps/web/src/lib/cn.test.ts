import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';

const sourceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function readSources(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) return readSources(entryPath);
    // cn.ts itself names class groups, not classes.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== 'cn.ts'
      ? [fs.readFileSync(entryPath, 'utf8')]
      : [];
  });
}

/** Every string literal in the app's source: class lists are among them. */
const literals = readSources(sourceRoot).flatMap((source) =>
  [...source.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)].map((match) => match[2]!.trim()),
);
const tokens = [
  ...new Set(
    literals
      .flatMap((literal) => literal.split(/\s+/))
      .filter((token) => /^[!-]?[a-z@[][\w:[\]\-/.%&>*()#,=!@]*$/.test(token)),
  ),
];
/** A Tailwind class conflicts with itself, so a repeated one is dropped once it is recognised. */
const isRecognised = (token: string) => twMerge(`${token} ${token}`) === token;

describe('cn', () => {
  it('joins conditional classes and lets a later utility of the same group win', () => {
    const isHidden = false as boolean;
    expect(cn('px-2 py-1', isHidden && 'hidden', { 'font-medium': true }, 'px-4')).toBe(
      'py-1 font-medium px-4',
    );
    expect(cn('rounded-md bg-zinc-200', 'rounded-xl')).toBe('bg-zinc-200 rounded-xl');
    expect(cn('text-sm text-zinc-700', 'text-xs')).toBe('text-zinc-700 text-xs');
    expect(cn('p-6 max-w-lg', 'px-2 max-w-xl')).toBe('p-6 px-2 max-w-xl');
    expect(cn('hover:bg-zinc-100 dark:hover:bg-zinc-800', 'hover:dark:bg-red-950/40')).toBe(
      'hover:bg-zinc-100 hover:dark:bg-red-950/40',
    );
    expect(cn('line-clamp-2 block', 'custom-class')).toBe('line-clamp-2 block custom-class');
  });

  it('recognises exactly the Tailwind classes tailwind-merge recognises, for every class in the app', () => {
    expect(tokens.length).toBeGreaterThan(500);
    const mismatches = tokens.filter((token) => cn(token, token) !== twMerge(`${token} ${token}`));
    expect(mismatches).toEqual([]);
  });

  it('merges every pair of the classes used in the app exactly as tailwind-merge does', () => {
    const recognised = tokens.filter(isRecognised);
    expect(recognised.length).toBeGreaterThan(400);
    const mismatches: string[] = [];
    for (const first of recognised) {
      for (const second of recognised) {
        const pair = `${first} ${second}`;
        if (cn(pair) !== twMerge(pair)) mismatches.push(pair);
      }
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
  });

  it('merges every class list written in the app exactly as tailwind-merge does', () => {
    const classLists = literals.filter((literal) => literal.split(/\s+/).some(isRecognised));
    expect(classLists.length).toBeGreaterThan(300);
    expect(classLists.filter((list) => cn(list) !== twMerge(list))).toEqual([]);
  });
});
