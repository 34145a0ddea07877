import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, validators } from 'tailwind-merge';

const {
  isAny,
  isArbitraryFamilyName,
  isArbitraryImage,
  isArbitraryLength,
  isArbitraryNumber,
  isArbitraryShadow,
  isArbitraryValue,
  isArbitraryVariable,
  isArbitraryVariableFamilyName,
  isArbitraryVariableImage,
  isArbitraryVariableLength,
  isArbitraryVariableShadow,
  isArbitraryVariableWeight,
  isArbitraryWeight,
  isAnyNonArbitrary,
  isFraction,
  isInteger,
  isNumber,
  isTshirtSize,
} = validators;

/*
 * tailwind-merge's engine with the class groups our components use, defined exactly as in its
 * default config (same ids, same order, same scales). The default config costs 8 KB gz on every
 * first load and ~150 ms of main thread to build on a slow machine (decision 0006); cn.test.ts
 * proves this config merges every class written in this app exactly as the full `twMerge` does.
 */
const spacing = () => [isArbitraryVariable, isArbitraryValue, 'px', isNumber];
const inset = () => [isFraction, 'full', 'auto', ...spacing()];
const margin = () => ['auto', ...spacing()];
const sizing = () => [
  isFraction,
  'auto',
  'full',
  'dvw',
  'dvh',
  'lvw',
  'lvh',
  'svw',
  'svh',
  'min',
  'max',
  'fit',
  ...spacing(),
];
const color = () => [isAny, isArbitraryVariable, isArbitraryValue];
const alignSecondary = () => ['start', 'end', 'center', 'stretch', 'center-safe', 'end-safe'];
const borderWidth = () => ['', isNumber, isArbitraryVariableLength, isArbitraryLength];
const lineStyle = () => ['solid', 'dashed', 'dotted', 'double'];
const blur = () => ['', 'none', isTshirtSize, isArbitraryVariable, isArbitraryValue];
const overflow = () => ['auto', 'hidden', 'clip', 'visible', 'scroll'];
const translate = () => [isFraction, 'full', ...spacing()];
const radius = () => ['', 'none', 'full', isTshirtSize, isArbitraryVariable, isArbitraryValue];
const sides = ['s', 'e', 't', 'r', 'b', 'l', 'ss', 'se', 'ee', 'es', 'tl', 'tr', 'br', 'bl'];
const borderSides = ['-x', '-y', '-t', '-r', '-b', '-l'];

/**
 * Groups whose classes are `<prefix>-<value>`, one per prefix. A group's id is its prefix, or
 * `idPrefix` followed by what the prefix adds to `border` (tailwind-merge's `border-w-x` for
 * `border-x-2`).
 */
function scaleGroups(prefixes: string[], scale: () => unknown[], idPrefix?: string) {
  return Object.fromEntries(
    prefixes.map((prefix) => [
      idPrefix ? `${idPrefix}${prefix.slice('border'.length)}` : prefix,
      [{ [prefix]: scale() }],
    ]),
  );
}

/** `<id>` overrides each side's group, `<id>x` the left and right, `<id>y` the top and bottom. */
function sideConflicts(id: string, separator: '' | '-') {
  const side = (name: string) => `${id}${separator}${name}`;
  return {
    [id]: ['x', 'y', 't', 'r', 'b', 'l'].map(side),
    [side('x')]: [side('r'), side('l')],
    [side('y')]: [side('t'), side('b')],
  };
}

const mergeClasses = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups: {
    display: [
      'block',
      'inline-block',
      'inline',
      'flex',
      'inline-flex',
      'table',
      'inline-table',
      'table-caption',
      'table-cell',
      'table-column',
      'table-column-group',
      'table-footer-group',
      'table-header-group',
      'table-row-group',
      'table-row',
      'flow-root',
      'grid',
      'inline-grid',
      'contents',
      'list-item',
      'hidden',
    ],
    sr: ['sr-only', 'not-sr-only'],
    overflow: [{ overflow: overflow() }],
    'overflow-x': [{ 'overflow-x': overflow() }],
    'overflow-y': [{ 'overflow-y': overflow() }],
    position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
    ...scaleGroups(['inset', 'inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'], inset),
    visibility: ['visible', 'invisible', 'collapse'],
    z: [{ z: [isInteger, 'auto', isArbitraryVariable, isArbitraryValue] }],
    'flex-direction': [{ flex: ['row', 'row-reverse', 'col', 'col-reverse'] }],
    'flex-wrap': [{ flex: ['nowrap', 'wrap', 'wrap-reverse'] }],
    flex: [{ flex: [isNumber, isFraction, 'auto', 'initial', 'none', isArbitraryValue] }],
    grow: [{ grow: ['', isNumber, isArbitraryVariable, isArbitraryValue] }],
    shrink: [{ shrink: ['', isNumber, isArbitraryVariable, isArbitraryValue] }],
    'grid-cols': [
      { 'grid-cols': [isInteger, 'none', 'subgrid', isArbitraryVariable, isArbitraryValue] },
    ],
    'col-start-end': [
      {
        col: [
          'auto',
          { span: ['full', isInteger, isArbitraryVariable, isArbitraryValue] },
          isInteger,
          isArbitraryVariable,
          isArbitraryValue,
        ],
      },
    ],
    ...scaleGroups(['gap', 'gap-x', 'gap-y'], spacing),
    'justify-content': [
      {
        justify: [
          'start',
          'end',
          'center',
          'between',
          'around',
          'evenly',
          'stretch',
          'baseline',
          'center-safe',
          'end-safe',
          'normal',
        ],
      },
    ],
    'align-items': [{ items: [...alignSecondary(), { baseline: ['', 'last'] }] }],
    'align-self': [{ self: ['auto', ...alignSecondary(), { baseline: ['', 'last'] }] }],
    ...scaleGroups(['p', 'px', 'py', 'pt', 'pr', 'pb', 'pl'], spacing),
    ...scaleGroups(['m', 'mx', 'my', 'mt', 'mr', 'mb', 'ml'], margin),
    ...scaleGroups(['space-x', 'space-y'], spacing),
    size: [{ size: sizing() }],
    w: [{ w: [isTshirtSize, 'screen', ...sizing()] }],
    'min-w': [{ 'min-w': [isTshirtSize, 'screen', 'none', ...sizing()] }],
    'max-w': [
      {
        'max-w': [isTshirtSize, 'screen', 'none', 'prose', { screen: [isTshirtSize] }, ...sizing()],
      },
    ],
    h: [{ h: ['screen', 'lh', ...sizing()] }],
    'min-h': [{ 'min-h': ['screen', 'lh', 'none', ...sizing()] }],
    'max-h': [{ 'max-h': ['screen', 'lh', 'none', ...sizing()] }],
    'font-size': [{ text: ['base', isTshirtSize, isArbitraryVariableLength, isArbitraryLength] }],
    'font-weight': [
      {
        font: [
          'thin',
          'extralight',
          'light',
          'normal',
          'medium',
          'semibold',
          'bold',
          'extrabold',
          'black',
          isArbitraryVariableWeight,
          isArbitraryWeight,
        ],
      },
    ],
    'font-family': [
      { font: [isArbitraryVariableFamilyName, isArbitraryFamilyName, isAnyNonArbitrary] },
    ],
    'font-style': ['italic', 'not-italic'],
    'fvn-spacing': ['proportional-nums', 'tabular-nums'],
    tracking: [
      {
        tracking: [
          'tighter',
          'tight',
          'normal',
          'wide',
          'wider',
          'widest',
          isArbitraryVariable,
          isArbitraryValue,
        ],
      },
    ],
    'line-clamp': [{ 'line-clamp': [isNumber, 'none', isArbitraryVariable, isArbitraryNumber] }],
    leading: [
      {
        leading: [
          'none',
          'tight',
          'snug',
          'normal',
          'relaxed',
          'loose',
          isArbitraryVariable,
          isArbitraryValue,
          'px',
          isNumber,
        ],
      },
    ],
    'object-fit': [{ object: ['contain', 'cover', 'fill', 'none', 'scale-down'] }],
    'list-style-position': [{ list: ['inside', 'outside'] }],
    'list-style-type': [
      { list: ['disc', 'decimal', 'none', isArbitraryVariable, isArbitraryValue] },
    ],
    'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
    'text-color': [{ text: color() }],
    'text-decoration': ['underline', 'overline', 'line-through', 'no-underline'],
    'text-decoration-style': [{ decoration: [...lineStyle(), 'wavy'] }],
    'underline-offset': [
      { 'underline-offset': [isNumber, 'auto', isArbitraryVariable, isArbitraryValue] },
    ],
    'text-transform': ['uppercase', 'lowercase', 'capitalize', 'normal-case'],
    'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
    'text-wrap': [{ text: ['wrap', 'nowrap', 'balance', 'pretty'] }],
    'vertical-align': [
      {
        align: [
          'baseline',
          'top',
          'middle',
          'bottom',
          'text-top',
          'text-bottom',
          'sub',
          'super',
          isArbitraryVariable,
          isArbitraryValue,
        ],
      },
    ],
    whitespace: [
      { whitespace: ['normal', 'nowrap', 'pre', 'pre-line', 'pre-wrap', 'break-spaces'] },
    ],
    break: [{ break: ['normal', 'words', 'all', 'keep'] }],
    'bg-image': [
      {
        bg: [
          'none',
          {
            linear: [
              { to: ['t', 'tr', 'r', 'br', 'b', 'bl', 'l', 'tl'] },
              isInteger,
              isArbitraryVariable,
              isArbitraryValue,
            ],
            radial: ['', isArbitraryVariable, isArbitraryValue],
            conic: ['', isInteger, isArbitraryVariable, isArbitraryValue],
          },
          isArbitraryVariableImage,
          isArbitraryImage,
        ],
      },
    ],
    'bg-color': [{ bg: color() }],
    'gradient-from': [{ from: color() }],
    'gradient-via': [{ via: color() }],
    'gradient-to': [{ to: color() }],
    rounded: [{ rounded: radius() }],
    ...scaleGroups(
      sides.map((side) => `rounded-${side}`),
      radius,
    ),
    ...scaleGroups(
      ['', ...borderSides].map((side) => `border${side}`),
      borderWidth,
      'border-w',
    ),
    'divide-y': [{ 'divide-y': borderWidth() }],
    'border-style': [{ border: [...lineStyle(), 'hidden', 'none'] }],
    'divide-style': [{ divide: [...lineStyle(), 'hidden', 'none'] }],
    ...scaleGroups(
      ['', ...borderSides].map((side) => `border${side}`),
      color,
      'border-color',
    ),
    'divide-color': [{ divide: color() }],
    'outline-style': [{ outline: [...lineStyle(), 'none', 'hidden'] }],
    'outline-w': [{ outline: ['', isNumber, isArbitraryVariableLength, isArbitraryLength] }],
    'outline-color': [{ outline: color() }],
    shadow: [
      {
        shadow: ['', 'inner', 'none', isTshirtSize, isArbitraryVariableShadow, isArbitraryShadow],
      },
    ],
    'shadow-color': [{ shadow: color() }],
    'ring-w': [{ ring: borderWidth() }],
    'ring-color': [{ ring: color() }],
    opacity: [{ opacity: [isNumber, isArbitraryVariable, isArbitraryValue] }],
    blur: [{ blur: blur() }],
    'backdrop-blur': [{ 'backdrop-blur': blur() }],
    'border-collapse': [{ border: ['collapse', 'separate'] }],
    transition: [
      {
        transition: [
          '',
          'all',
          'colors',
          'opacity',
          'shadow',
          'transform',
          'none',
          isArbitraryVariable,
          isArbitraryValue,
        ],
      },
    ],
    duration: [{ duration: [isNumber, 'initial', isArbitraryVariable, isArbitraryValue] }],
    ease: [
      { ease: ['linear', 'initial', 'in', 'out', 'in-out', isArbitraryVariable, isArbitraryValue] },
    ],
    animate: [
      {
        animate: ['none', 'spin', 'ping', 'pulse', 'bounce', isArbitraryVariable, isArbitraryValue],
      },
    ],
    ...scaleGroups(['translate', 'translate-x', 'translate-y'], translate),
    'translate-none': ['translate-none'],
    accent: [{ accent: color() }],
    cursor: [
      {
        cursor: [
          'auto',
          'default',
          'pointer',
          'wait',
          'text',
          'move',
          'help',
          'not-allowed',
          'none',
          isArbitraryVariable,
          isArbitraryValue,
        ],
      },
    ],
    'pointer-events': [{ 'pointer-events': ['auto', 'none'] }],
    resize: [{ resize: ['none', '', 'y', 'x'] }],
    select: [{ select: ['none', 'text', 'all', 'auto'] }],
    fill: [{ fill: ['none', ...color()] }],
  },
  conflictingClassGroups: {
    overflow: ['overflow-x', 'overflow-y'],
    inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
    'inset-x': ['right', 'left'],
    'inset-y': ['top', 'bottom'],
    flex: ['grow', 'shrink'],
    gap: ['gap-x', 'gap-y'],
    ...sideConflicts('p', ''),
    ...sideConflicts('m', ''),
    size: ['w', 'h'],
    'font-size': ['leading'],
    'line-clamp': ['display', 'overflow'],
    rounded: sides.map((side) => `rounded-${side}`),
    'rounded-s': ['rounded-ss', 'rounded-es'],
    'rounded-e': ['rounded-se', 'rounded-ee'],
    'rounded-t': ['rounded-tl', 'rounded-tr'],
    'rounded-r': ['rounded-tr', 'rounded-br'],
    'rounded-b': ['rounded-br', 'rounded-bl'],
    'rounded-l': ['rounded-tl', 'rounded-bl'],
    ...sideConflicts('border-w', '-'),
    ...sideConflicts('border-color', '-'),
    translate: ['translate-x', 'translate-y', 'translate-none'],
    'translate-none': ['translate', 'translate-x', 'translate-y'],
  },
  conflictingClassGroupModifiers: { 'font-size': ['leading'] },
  orderSensitiveModifiers: [
    '*',
    '**',
    'after',
    'backdrop',
    'before',
    'details-content',
    'file',
    'first-letter',
    'first-line',
    'marker',
    'placeholder',
    'selection',
  ],
}));

/** Joins class names; a later Tailwind utility overrides an earlier one of the same group. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
