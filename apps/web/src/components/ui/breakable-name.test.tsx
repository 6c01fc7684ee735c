import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableName } from './breakable-name';

describe('BreakableName', () => {
  it('offers a line break after each separator of a long name, and only there', () => {
    const { container } = render(
      <p>
        <BreakableName name="hiboux.esport.officiel@gmail.com" />
      </p>,
    );

    const paragraph = container.querySelector('p')!;
    // What is read and copied is the name as it is.
    expect(paragraph.textContent).toBe('hiboux.esport.officiel@gmail.com');
    // The line may break after "hiboux.", "esport.", "officiel@" and "gmail.", not inside them.
    expect(paragraph.innerHTML).toBe('hiboux.<wbr>esport.<wbr>officiel@<wbr>gmail.<wbr>com');
  });

  it('leaves a name without separators whole', () => {
    const { container } = render(
      <p>
        <BreakableName name="Hiboux2025" />
      </p>,
    );
    expect(container.querySelector('p')!.innerHTML).toBe('Hiboux2025');
  });
});
