import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';
import { TableScrollBox } from './table-scroll-box';

describe('TableScrollBox', () => {
  it('holds a screen’s own table in a box named like the shared table’s, reachable by keyboard', async () => {
    renderWithProviders(
      <TableScrollBox caption="People of the company">
        <table aria-label="People of the company">
          <tbody>
            <tr>
              <td>Erik External</td>
            </tr>
          </tbody>
        </table>
      </TableScrollBox>,
    );
    const box = await screen.findByRole('region', { name: 'People of the company, table' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toHaveAttribute('data-table-scroll');
    expect(within(box).getByRole('table', { name: 'People of the company' })).toBeInTheDocument();
  });
});
