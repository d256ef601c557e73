import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';

it('mounts React in the dom project', () => {
  render(<p>Luma</p>);
  expect(screen.getByText('Luma').tagName).toBe('P');
});
