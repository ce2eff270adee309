import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ItemValue } from './items';
import { RadioGroup } from './radio-group';

const sizes = [
  { id: 1, name: 'Small' },
  { id: 2, name: 'Medium' },
  { id: 3, name: 'Large' },
];

function ControlledSizes({ onChange = () => {} }: { onChange?: (value: ItemValue) => void }) {
  const [value, setValue] = useState<ItemValue>(1);
  return (
    <RadioGroup
      label="Size"
      items={sizes}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('RadioGroup (spec §2 radio group, §3 radio items)', () => {
  it('names the group by its label and shows each item: id as value, name as label', () => {
    render(<RadioGroup label="Size" items={sizes} value={2} onChange={() => {}} />);
    expect(screen.getByRole('radiogroup', { name: 'Size' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    for (const size of sizes) {
      expect(screen.getByRole('radio', { name: size.name })).toHaveAttribute('value', String(size.id));
    }
    expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Small' })).not.toBeChecked();
  });

  it('reads other fields with valueKey and labelKey', async () => {
    const onChange = vi.fn();
    const countries = [
      { code: 'BE', label: 'Belgium' },
      { code: 'FR', label: 'France' },
    ];
    render(
      <RadioGroup
        label="Country"
        items={countries}
        valueKey="code"
        labelKey="label"
        value="FR"
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('radio', { name: 'France' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Belgium' }));
    expect(onChange).toHaveBeenCalledWith('BE', countries[0]);
  });

  it('checks nothing when the value is null', () => {
    render(<RadioGroup label="Size" items={sizes} value={null} onChange={() => {}} />);
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
  });

  it('hands back the chosen id in its own type, with the item', async () => {
    const onChange = vi.fn();
    render(<RadioGroup label="Size" items={sizes} value={1} onChange={onChange} />);
    await userEvent.click(screen.getByText('Large'));
    expect(onChange).toHaveBeenCalledWith(3, sizes[2]);
  });

  it('moves and checks with the arrow keys (Radix roving focus)', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledSizes onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Small' })).toHaveFocus();
    // Held down: Radix checks on the focus that follows an arrow press, and user-event would release the
    // key before Radix moves focus (a browser releases it far later).
    await user.keyboard('{ArrowDown>}');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked());
    await user.keyboard('{/ArrowDown}{ArrowDown>}');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Large' })).toHaveFocus());
    expect(onChange).toHaveBeenLastCalledWith(3);
  });

  it('disables every option when disabled', async () => {
    const onChange = vi.fn();
    render(<RadioGroup label="Size" items={sizes} value={1} onChange={onChange} disabled />);
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    await userEvent.click(screen.getByText('Large'));
    expect(onChange).not.toHaveBeenCalled();
  });
});
