import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentThumbnail } from './content-columns';

describe('ContentThumbnail', () => {
  it('shows the platform’s thumbnail, and a plain tile once it fails to load', () => {
    const { container } = render(<ContentThumbnail url="https://i.ytimg.invalid/v1.jpg" />);
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://i.ytimg.invalid/v1.jpg');
    fireEvent.error(image!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('span[aria-hidden="true"]')).not.toBeNull();
  });

  it('draws a plain tile where the platform gives no thumbnail', () => {
    const { container } = render(<ContentThumbnail url={null} />);
    expect(container.querySelector('img')).toBeNull();
  });
});
