import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosAdapter } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { createTestQueryClient } from '@/testing/render';
import { ProfileForm } from './profile-form';

const requests: string[] = [];
const validationAdapter: AxiosAdapter = async (config) => {
  requests.push(`${config.method} ${config.url}`);
  const data = {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'Some fields are invalid',
      details: {
        fields: [{ field: 'country', message: 'Country must be a two-letter ISO code such as GB' }],
      },
    },
  };
  const response = { data, status: 400, statusText: '', headers: new AxiosHeaders(), config };
  throw new AxiosError('Bad request', 'ERR_BAD_REQUEST', config, {}, response);
};

beforeEach(() => {
  requests.length = 0;
  apiClient.defaults.adapter = validationAdapter;
});

function renderForm(options: { isOnboarding?: boolean; artistName?: string } = {}) {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ProfileForm
        profile={null}
        submitLabel="Save"
        onSaved={vi.fn()}
        isOnboarding={options.isOnboarding ?? false}
        defaultArtistName={options.artistName ?? ''}
      />
    </QueryClientProvider>,
  );
}

// The form renders every country and time zone into its lists: slow under jsdom on a busy machine.
describe('ProfileForm', { timeout: 30_000 }, () => {
  it('shows the API field messages next to the inputs', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Artist name'), { target: { value: 'Nova Lane' } });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Europe/London' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText('Country must be a two-letter ISO code such as GB');
    const input = screen.getByLabelText('Country');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByText('Some fields are invalid')).toBeTruthy();
    expect(requests).toEqual(['post /artist/profile']);
  });

  it('blocks submission and explains client-side problems', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Artist name is required')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('onboarding does not save with only the prefilled name: it asks for the base and the time zone', async () => {
    renderForm({ isOnboarding: true, artistName: 'Nova Lane' });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose the country you are based in.')).toBeTruthy();
    expect(screen.getByText('Enter the city you are based in.')).toBeTruthy();
    expect(screen.getByText('Choose your time zone, e.g. Europe/Lisbon.')).toBeTruthy();
    expect(screen.getByLabelText('City').getAttribute('aria-invalid')).toBe('true');
    expect(requests).toEqual([]);
  });

  it('prefills the browser’s time zone, not UTC', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    renderForm({ isOnboarding: true });
    expect((screen.getByLabelText('Time zone') as HTMLInputElement).value).toBe(zone);
  });
});
