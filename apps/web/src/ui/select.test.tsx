import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ItemValue } from './items';
import { SELECT_MENU_MAX_HEIGHT, SELECT_TEXTS, Select } from './select';

const countries = [
  { id: 1, name: 'Belgium' },
  { id: 2, name: 'France' },
  { id: 3, name: 'Germany' },
];

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

function MultiCountries({ onChange }: { onChange: (value: ItemValue[]) => void }) {
  const [value, setValue] = useState<ItemValue[]>([]);
  return (
    <Select
      label="Countries"
      isMulti
      items={countries}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('Select (spec §2 select with search and multiple choice, §3 items, §9 texts)', () => {
  it('ties the visible label to the input, or takes an aria-label', () => {
    render(
      <>
        <Select label="Country" items={countries} value={null} onChange={() => {}} />
        <Select ariaLabel="Language" items={[]} value={null} onChange={() => {}} />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Country' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
  });

  it('lists the items by name and hands back the chosen id', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Select label="Country" items={countries} value={null} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    expect(optionNames()).toEqual(['Belgium', 'France', 'Germany']);
    await user.click(screen.getByRole('option', { name: 'France' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('shows the chosen item by its label', () => {
    render(<Select label="Country" items={countries} value={3} onChange={() => {}} />);
    expect(screen.getByText('Germany')).toBeInTheDocument();
  });

  it('reads other fields with valueKey and labelKey', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const languages = [
      { code: 'en', title: 'English' },
      { code: 'fr', title: 'French' },
    ];
    render(
      <Select
        label="Language"
        items={languages}
        valueKey="code"
        labelKey="title"
        value="en"
        onChange={onChange}
      />,
    );
    expect(screen.getByText('English')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(screen.getByRole('option', { name: 'French' }));
    expect(onChange).toHaveBeenCalledWith('fr');
  });

  it('searches: typing filters the items', async () => {
    const user = userEvent.setup();
    render(<Select label="Country" items={countries} value={null} onChange={() => {}} />);
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'man');
    expect(optionNames()).toEqual(['Germany']);
  });

  it.each([
    ["'No items found' by default", undefined, SELECT_TEXTS.noItemsFound],
    ["'/' where a screen asks for it", '/', '/'],
  ])('says %s when nothing matches', async (_case, noItemsFoundText, shown) => {
    const user = userEvent.setup();
    render(
      <Select
        label="Country"
        items={countries}
        value={null}
        onChange={() => {}}
        noItemsFoundText={noItemsFoundText}
      />,
    );
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'xyz');
    expect(screen.getByText(shown)).toBeInTheDocument();
  });

  it('chooses several items with isMulti', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<MultiCountries onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Countries' });
    await user.click(input);
    await user.click(screen.getByRole('option', { name: 'Belgium' }));
    await user.click(input);
    await user.click(screen.getByRole('option', { name: 'Germany' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 3]);
    expect(screen.getByText('Belgium')).toBeInTheDocument();
    expect(screen.getByText('Germany')).toBeInTheDocument();
  });

  it.each([
    ['single', false, null],
    ['multiple', true, []],
  ] as const)("clears a %s choice with the 'Clear all' indicator", async (_case, isMulti, cleared) => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      isMulti ? (
        <Select label="Countries" isMulti items={countries} value={[1, 2]} onChange={onChange} />
      ) : (
        <Select label="Countries" items={countries} value={1} onChange={onChange} />
      ),
    );
    await user.click(screen.getByTitle(SELECT_TEXTS.clearAll));
    expect(onChange).toHaveBeenCalledWith(cleared);
  });

  it('leaves the clear indicator untitled where a screen empties its text', () => {
    const { container } = render(
      <Select label="Country" items={countries} value={1} onChange={() => {}} clearAllText="" />,
    );
    expect(screen.queryByTitle(SELECT_TEXTS.clearAll)).not.toBeInTheDocument();
    expect(container.querySelector('[title]')).toBeNull();
  });

  it('caps the dropdown panel at 240px (spec §9)', async () => {
    const user = userEvent.setup();
    render(<Select label="Country" items={countries} value={null} onChange={() => {}} />);
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    expect(SELECT_MENU_MAX_HEIGHT).toBe(240);
    expect(screen.getByRole('listbox')).toHaveStyle({ maxHeight: '240px' });
  });

  it('is disabled on request', () => {
    render(<Select label="Country" items={countries} value={null} onChange={() => {}} disabled />);
    // react-select also hides a disabled input (visibility: hidden): find it through its label.
    expect(screen.getByLabelText('Country')).toBeDisabled();
  });

  it("offers 'Add item' for unknown text when the caller can create items", async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    render(<Select label="Country" items={countries} value={null} onChange={() => {}} onCreate={onCreate} />);
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'Spain');
    await user.click(screen.getByRole('option', { name: 'Add item "Spain"' }));
    expect(onCreate).toHaveBeenCalledWith('Spain');
  });

  it("offers no creation without onCreate: 'No items found'", async () => {
    const user = userEvent.setup();
    render(<Select label="Country" items={countries} value={null} onChange={() => {}} />);
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'Spain');
    expect(optionNames()).toEqual([]);
    expect(screen.getByText(SELECT_TEXTS.noItemsFound)).toBeInTheDocument();
  });
});

function UserLookup({
  loadOptions,
  onChange,
}: {
  loadOptions: (input: string) => Promise<{ id: number; name: string }[]>;
  onChange: (value: ItemValue | null) => void;
}) {
  const [value, setValue] = useState<ItemValue | null>(null);
  return (
    <Select
      label="User"
      loadOptions={loadOptions}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('Select with loadOptions (spec §9: type-ahead debounce 200 ms)', () => {
  it("says 'Type to search' before anything is typed", async () => {
    const user = userEvent.setup();
    render(<Select label="User" loadOptions={async () => []} value={null} onChange={() => {}} />);
    await user.click(screen.getByRole('combobox', { name: 'User' }));
    expect(screen.getByText(SELECT_TEXTS.typeToSearch)).toBeInTheDocument();
  });

  it("loads once per pause in typing, says 'Loading...' meanwhile, and keeps the chosen label", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    let answer: (items: { id: number; name: string }[]) => void = () => {};
    const loadOptions = vi.fn(
      (_input: string) =>
        new Promise<{ id: number; name: string }[]>((resolve) => {
          answer = resolve;
        }),
    );
    render(<UserLookup loadOptions={loadOptions} onChange={onChange} />);
    await user.type(screen.getByRole('combobox', { name: 'User' }), 'ada');
    expect(screen.getByText(SELECT_TEXTS.loading)).toBeInTheDocument();
    await waitFor(() => expect(loadOptions).toHaveBeenCalledTimes(1));
    expect(loadOptions).toHaveBeenCalledWith('ada');
    answer([{ id: 7, name: 'Ada Lovelace' }]);
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace' }));
    expect(onChange).toHaveBeenCalledWith(7);
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  });
});
