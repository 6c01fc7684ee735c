import { LOGO_MAX_BYTES, type Organization, type OrganizationUpdate } from '@guildhall/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildOrganization, buildSessionUser } from '@/test/fixtures';
import { apiError, type Handler, json, requestsTo, type Routes } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const admin = buildSessionUser({ _id: '65f1c0ffee0000000000aaaa', role: 'admin', pseudo: 'boss' });
const stored = buildOrganization({
  name: 'Les Hiboux Esport',
  email: 'contact@hiboux.example',
  primary_color: '#e11d48',
  secondary_color: '#0f172a',
  background_color: '#ffffff',
  website: 'https://hiboux.example',
  logo: '/api/organization/logo?v=old',
});

async function openOrganizationTab(routes: Routes = {}, language: 'fr' | 'en' = 'fr') {
  const rendered = renderApp({
    at: '/settings/organization',
    language,
    routes: { 'GET /api/user': json(admin), 'GET /api/organization': json(stored), ...routes },
  });
  await screen.findByRole('heading', { level: 2, name: 'Organisation' });
  await screen.findByRole('textbox', { name: /Nom de l'organisation/ });
  return rendered;
}

/** Answers the PUT with the organisation the body makes, as the server does. */
const savedAs: Handler = async (request) => {
  const body = (await request.json()) as OrganizationUpdate;
  return Response.json({ ...stored, ...body } satisfies Organization);
};

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const cssVariable = (name: string) => document.documentElement.style.getPropertyValue(name);
const save = () => screen.getByRole('button', { name: 'Enregistrer' });
const logoInput = () => screen.getByLabelText('Choisir un nouveau logo');

function pngFile(name = 'logo.png', size = 68) {
  return new File([new Uint8Array(size)], name, { type: 'image/png' });
}

describe('admin settings: the Organisation tab', { timeout: 20_000 }, () => {
  it('shows the stored organisation, its colours as pickers and as #rrggbb text', async () => {
    await openOrganizationTab();

    expect(field(/Nom de l'organisation/)).toHaveValue('Les Hiboux Esport');
    expect(field(/E-mail de contact/)).toHaveValue('contact@hiboux.example');
    expect(field(/Couleur principale/)).toHaveValue('#e11d48');
    expect(screen.getByLabelText('Couleur principale : nuancier')).toHaveValue('#e11d48');
    expect(screen.getByLabelText('Couleur de fond : nuancier')).toHaveAttribute('type', 'color');
    expect(field('Site web')).toHaveValue('https://hiboux.example');
    expect(field('Facebook')).toHaveValue('');
    for (const required of [/Nom de l'organisation/, /E-mail/, /Couleur secondaire/]) {
      expect(field(required)).toBeRequired();
    }
    expect(field('Twitch')).not.toBeRequired();
    expect(screen.getByRole('img', { name: 'Logo de Les Hiboux Esport' })).toHaveAttribute(
      'src',
      '/api/organization/logo?v=old',
    );
    expect(logoInput()).toHaveAccessibleDescription('JPG ou PNG, 2 Mo maximum');
  });

  it('keeps the picker and the text of a colour in step', async () => {
    const { user } = await openOrganizationTab();
    const picker = screen.getByLabelText('Couleur principale : nuancier');

    await user.clear(field(/Couleur principale/));
    await user.type(field(/Couleur principale/), '#14532D');
    expect(picker).toHaveValue('#14532d');

    // A colour picker's own dialog cannot be clicked through: what it reports is its input.
    fireEvent.input(picker, { target: { value: '#4338ca' } });
    expect(field(/Couleur principale/)).toHaveValue('#4338ca');
  });

  it('says what is wrong, field by field, without asking the server', async () => {
    const { user, fetchMock } = await openOrganizationTab();

    await user.clear(field(/Nom de l'organisation/));
    await user.clear(field(/E-mail de contact/));
    await user.type(field(/E-mail de contact/), 'contact-at-hiboux');
    await user.clear(field(/Couleur secondaire/));
    await user.type(field(/Couleur secondaire/), 'navy');
    await user.type(field('Twitch'), 'twitch.tv/hiboux');
    await user.click(save());

    expect(field(/Nom de l'organisation/)).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(field(/Nom de l'organisation/)).toHaveFocus();
    expect(field(/E-mail de contact/)).toHaveAccessibleDescription(/adresse e-mail valide/);
    expect(field(/Couleur secondaire/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/Couleur secondaire/)).toHaveAccessibleDescription(
      /Saisissez une couleur au format #rrggbb/,
    );
    expect(field('Twitch')).toHaveAccessibleDescription(/commençant par http:\/\/ ou https:\/\//);
    expect(field(/Couleur principale/)).not.toHaveAttribute('aria-invalid');
    expect(requestsTo(fetchMock, 'PUT', '/api/organization')).toHaveLength(0);

    // Typing again in a field clears what was said about it.
    await user.type(field(/Nom de l'organisation/), 'H');
    expect(field(/Nom de l'organisation/)).not.toHaveAttribute('aria-invalid');
  });

  it('cancels back to the stored values', async () => {
    const { user } = await openOrganizationTab();

    await user.clear(field(/Nom de l'organisation/));
    await user.type(field(/Nom de l'organisation/), 'Autre nom');
    await user.clear(field(/Couleur de fond/));
    await user.click(save());
    await user.click(screen.getByRole('button', { name: 'Annuler' }));

    expect(field(/Nom de l'organisation/)).toHaveValue('Les Hiboux Esport');
    expect(field(/Couleur de fond/)).toHaveValue('#ffffff');
    expect(field(/Couleur de fond/)).not.toHaveAttribute('aria-invalid');
  });

  it('saves, and applies the new theme and name at once, without reloading', async () => {
    const { user, fetchMock } = await openOrganizationTab({ 'PUT /api/organization': savedAs });
    expect(cssVariable('--color-primary')).toBe('#e11d48');

    await user.clear(field(/Nom de l'organisation/));
    await user.type(field(/Nom de l'organisation/), '  Les Chouettes ');
    await user.clear(field(/Couleur principale/));
    await user.type(field(/Couleur principale/), '#14532d');
    await user.type(field('Twitch'), 'https://twitch.tv/chouettes');
    await user.click(save());

    expect(await screen.findByText("L'organisation a été enregistrée.")).toBeVisible();
    const [request] = requestsTo(fetchMock, 'PUT', '/api/organization');
    expect(await request!.json()).toEqual({
      name: 'Les Chouettes',
      email: 'contact@hiboux.example',
      primary_color: '#14532d',
      secondary_color: '#0f172a',
      background_color: '#ffffff',
      website: 'https://hiboux.example',
      twitch: 'https://twitch.tv/chouettes',
      twitter: '',
      instagram: '',
      facebook: '',
    });
    await waitFor(() => expect(cssVariable('--color-primary')).toBe('#14532d'));
    expect(cssVariable('--color-on-primary')).toBe('#ffffff');
    // The sidebar names the organisation from the same cache.
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav.parentElement!).getByText('Les Chouettes')).toBeVisible();
    expect(field(/Nom de l'organisation/)).toHaveValue('Les Chouettes');
    // Nothing was asked again: the answer was used as it came.
    expect(requestsTo(fetchMock, 'GET', '/api/organization')).toHaveLength(1);
  });

  it('shows the server’s message when it refuses', async () => {
    const { user } = await openOrganizationTab({
      'PUT /api/organization': apiError(400, 'validation_failed', 'Invalid request: body.email', [
        { path: 'body.email', message: 'is already used by another organisation' },
      ]),
    });

    await user.click(save());

    expect(await screen.findByText("Échec de l'enregistrement de l'organisation.")).toBeVisible();
    expect(screen.getByText('Invalid request: body.email')).toBeVisible();
    expect(field(/E-mail de contact/)).toHaveAccessibleDescription(
      'is already used by another organisation',
    );
    expect(cssVariable('--color-primary')).toBe('#e11d48');
  });

  it('refuses a file that is not a JPG or a PNG before sending anything', async () => {
    const { fetchMock } = await openOrganizationTab();
    // The file dialog offers JPG and PNG only; a file dropped in can still be anything.
    const upload = userEvent.setup({ applyAccept: false });

    await upload.upload(logoInput(), new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));

    expect(logoInput()).toHaveAccessibleDescription(
      "JPG ou PNG, 2 Mo maximum Ce fichier n'est ni un JPG ni un PNG.",
    );
    expect(screen.queryByRole('img', { name: /Aperçu/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer le logo' })).toBeDisabled();
    expect(requestsTo(fetchMock, 'POST', '/api/organization/upload-logo')).toHaveLength(0);
  });

  it('refuses an image larger than 2 MB before sending anything', async () => {
    const { user, fetchMock } = await openOrganizationTab();

    await user.upload(logoInput(), pngFile('huge.png', LOGO_MAX_BYTES + 1));

    expect(logoInput()).toHaveAccessibleDescription(/Ce fichier dépasse 2 Mo/);
    expect(screen.getByRole('button', { name: 'Envoyer le logo' })).toBeDisabled();
    expect(requestsTo(fetchMock, 'POST', '/api/organization/upload-logo')).toHaveLength(0);
  });

  it('previews the chosen logo, uploads it, and shows the new one everywhere', async () => {
    const uploaded = { ...stored, logo: '/api/organization/logo?v=new' };
    const { user, fetchMock } = await openOrganizationTab({
      'POST /api/organization/upload-logo': json(uploaded),
    });
    const file = pngFile();

    await user.upload(logoInput(), file);

    const preview = await screen.findByRole('img', { name: 'Aperçu de logo.png' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await user.click(screen.getByRole('button', { name: 'Envoyer le logo' }));

    expect(await screen.findByText('Le logo a été mis à jour.')).toBeVisible();
    const init = fetchMock.mock.calls.find(
      ([input]) => String(input) === '/api/organization/upload-logo',
    )?.[1];
    expect(init?.method).toBe('POST');
    expect((init?.body as FormData).get('logo')).toBe(file);
    expect(screen.getByRole('img', { name: 'Logo de Les Hiboux Esport' })).toHaveAttribute(
      'src',
      '/api/organization/logo?v=new',
    );
    expect(screen.queryByRole('img', { name: /Aperçu/ })).not.toBeInTheDocument();
    // The sidebar's logo follows.
    expect(
      document.querySelector('img[src="/api/organization/logo?v=new"]:not([alt^="Logo"])'),
    ).not.toBeNull();
  });

  it('shows the server’s reason when it refuses the image', async () => {
    const { user } = await openOrganizationTab({
      'POST /api/organization/upload-logo': apiError(
        400,
        'invalid_image',
        'The file is not a readable JPG or PNG image',
      ),
    });

    await user.upload(logoInput(), pngFile('truncated.png'));
    await screen.findByRole('img', { name: 'Aperçu de truncated.png' });
    await user.click(screen.getByRole('button', { name: 'Envoyer le logo' }));

    expect(await screen.findByText("Échec de l'envoi du logo.")).toBeVisible();
    expect(logoInput()).toHaveAccessibleDescription(
      'JPG ou PNG, 2 Mo maximum The file is not a readable JPG or PNG image',
    );
  });

  it('reads in English, with the logo’s limits', async () => {
    renderApp({
      at: '/settings/organization',
      language: 'en',
      routes: { 'GET /api/user': json(admin), 'GET /api/organization': json(stored) },
    });

    expect(await screen.findByLabelText('Choose a new logo')).toHaveAccessibleDescription(
      'JPG or PNG, max 2MB',
    );
    expect(await screen.findByRole('textbox', { name: /Primary colour/ })).toHaveValue('#e11d48');
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
  });
});
