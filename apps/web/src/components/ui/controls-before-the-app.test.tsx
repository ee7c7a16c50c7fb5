/**
 * On a page the server painted (decision 075), the controls that need the app are disabled in the
 * paint, so that a tap before the app runs is not swallowed: a button, one drawn by hand, a
 * select, a tab. Rendered by the app itself, they are enabled from the start.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { HydrationBoundary } from '../../lib/hydrated';
import { Button, PlainButton } from './button';
import { Select } from './select';
import { Tabs, TabsList, TabsTrigger } from './tabs';

const controls = (
  <>
    <Button>承認する</Button>
    <PlainButton aria-pressed>配送</PlainButton>
    <Select options={[{ value: 'a', label: '岡田 悠真' }]} value="a" onValueChange={() => {}} />
    <Tabs value="all">
      <TabsList>
        <TabsTrigger value="all">すべて</TabsTrigger>
      </TabsList>
    </Tabs>
  </>
);

function disabledOf(node: ReactNode, painted: boolean): boolean[] {
  const html = renderToString(<HydrationBoundary painted={painted}>{node}</HydrationBoundary>);
  const buttons = [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('button')];
  expect(buttons).toHaveLength(4);
  return buttons.map((b) => b.disabled);
}

describe('the controls of a painted page', () => {
  it('are disabled in the paint', () => {
    expect(disabledOf(controls, true)).toEqual([true, true, true, true]);
  });

  it('are enabled when the app renders the page itself', () => {
    expect(disabledOf(controls, false)).toEqual([false, false, false, false]);
  });
});
