import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from './data-table';

type Row = { id: string; title: string; views: number; saves: number };

const rows: Row[] = [
  { id: 'a', title: 'Midnight Drive', views: 1200, saves: 4 },
  { id: 'b', title: 'Studio diary', views: 300, saves: 9 },
];
const columns: DataColumn<Row>[] = [
  { id: 'title', header: 'Title', sortKey: 'title', cell: (row) => row.title },
  { id: 'views', header: 'Views', sortKey: 'views', align: 'right', cell: (row) => row.views },
  {
    id: 'saves',
    header: 'Saves',
    align: 'right',
    isHiddenByDefault: true,
    cell: (row) => row.saves,
  },
];

function setPhone(isPhone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isPhone && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderTable(onSortChange = vi.fn()) {
  render(
    <DataTable
      id="test-table"
      label="Content"
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      sort={{ key: 'views', order: 'desc' }}
      onSortChange={onSortChange}
      isLoading={false}
    />,
  );
  return onSortChange;
}

afterEach(() => vi.unstubAllGlobals());

describe('DataTable', () => {
  it('makes the title the row header and sorts from a column’s natural end, then flips', () => {
    const onSortChange = renderTable();
    const table = screen.getByRole('table', { name: 'Content' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Midnight Drive', 'Studio diary']);
    expect(
      within(table).getByRole('columnheader', { name: /Views/ }).getAttribute('aria-sort'),
    ).toBe('descending');
    fireEvent.click(within(table).getByRole('button', { name: /Views/ }));
    expect(onSortChange).toHaveBeenLastCalledWith('views', 'asc');
    fireEvent.click(within(table).getByRole('button', { name: /Title/ }));
    expect(onSortChange).toHaveBeenLastCalledWith('title', 'asc');
  });

  it('hides optional columns until the column chooser shows them, and remembers the choice', async () => {
    renderTable();
    expect(screen.queryByRole('columnheader', { name: 'Saves' })).toBeNull();
    const chooser = screen.getByRole('button', { name: 'Columns' });
    fireEvent.pointerDown(chooser, { button: 0, pointerType: 'mouse' });
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Saves' }));
    expect(screen.getByRole('columnheader', { name: 'Saves' })).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('crescendo.table-columns.test-table')!)).toEqual(
      [],
    );
  });

  it('turns rows into cards on a phone, with a Sort by control instead of headers', () => {
    setPhone(true);
    const onSortChange = renderTable();
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Content' });
    const [first] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Midnight Drive')).toBeTruthy();
    expect(within(first!).getByText('Views')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), {
      target: { value: 'title:asc' },
    });
    expect(onSortChange).toHaveBeenLastCalledWith('title', 'asc');
  });
});
