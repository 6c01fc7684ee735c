import { LOGO_MAX_BYTES, type Organization, type OrganizationUpdate } from '@guildhall/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildOrganization, buildSessionUser } from '@/test/fixtures';
import { apiError, type Handler, json, requestsTo, type Routes, signedIn } from '@/test/mock-api';
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
    routes: {
      'GET /api/session': signedIn(admin),
      'GET /api/organization': json(stored),
      ...routes,
    },
  });
  await screen.findByRole('heading', { level: 2, name: 'Organisation' });
  await screen.findByRole('textbox', {
    name: language === 'fr' ? /Nom de l'organisation/ : /Organisation name/,
  });
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
    expect(logoInput()).toHaveAccessibleDescription(
      'Aucun fichier choisi JPG ou PNG, 2 Mo maximum',
    );
  });

  it('says the links may start with http:// as well as https://, as the contract takes them', async () => {
    const { user } = await openOrganizationTab({ 'PUT /api/organization': savedAs });

    expect(
      screen.getByText('Des adresses complètes, commençant par http:// ou https://, ou rien.'),
    ).toBeVisible();
    await user.clear(field(/Site web/));
    await user.type(field(/Site web/), 'http://hiboux.example');
    await user.click(save());

    expect(await screen.findByText("L'organisation a été enregistrée.")).toBeVisible();
    expect(field(/Site web/)).toHaveValue('http://hiboux.example');
    expect(field(/Site web/)).not.toHaveAttribute('aria-invalid');
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

  it('offers every time zone, the stored one chosen', async () => {
    await openOrganizationTab();
    const zone = screen.getByRole<HTMLSelectElement>('combobox', {
      name: 'Fuseau horaire des événements',
    });

    expect(zone).toHaveValue('Europe/Paris');
    // The others follow the first render (useTimeZones).
    await waitFor(() =>
      expect(zone.options).toHaveLength(Intl.supportedValuesOf('timeZone').length),
    );
    expect(within(zone).getByRole('option', { name: 'Auckland (Pacifique)' })).toHaveValue(
      'Pacific/Auckland',
    );
    expect(zone).toHaveValue('Europe/Paris');
  });

  it('writes the time zones as people read them, and says the chosen one’s hour', async () => {
    await openOrganizationTab();
    const zone = screen.getByRole<HTMLSelectElement>('combobox', {
      name: /Fuseau horaire des événements/,
    });
    await waitFor(() => expect(zone.options.length).toBeGreaterThan(100));
    expect(
      within(zone).getByRole<HTMLOptionElement>('option', { selected: true }),
    ).toHaveTextContent('Paris (Europe)');
    expect(within(zone).getByRole('option', { name: 'Isle of Man (Europe)' })).toBeInTheDocument();
    expect(within(zone).getByRole('option', { name: 'Tell City (Amérique, Indiana)' })).toHaveValue(
      'America/Indiana/Tell_City',
    );
    expect(zone).toHaveAccessibleDescription(
      /^heure d’Europe centrale, UTC\+0[12]:00 aujourd'hui\.$/,
    );
  });

  it('finds a time zone by its city, its area or its name, without case or accents', async () => {
    const { user } = await openOrganizationTab();
    const zone = screen.getByRole<HTMLSelectElement>('combobox', {
      name: /Fuseau horaire des événements/,
    });
    await waitFor(() => expect(zone.options.length).toBeGreaterThan(100));
    const search = screen.getByRole('searchbox', { name: 'Chercher un fuseau horaire' });
    const offered = () => [...zone.options].map((option) => option.text);

    await user.type(search, 'new york');
    expect(await screen.findByText('1 fuseau trouvé.')).toBeVisible();
    // The chosen zone stays, so that searching never changes the choice.
    expect(offered()).toEqual(['New York (Amérique)', 'Paris (Europe)']);
    expect(zone).toHaveValue('Europe/Paris');
    await user.selectOptions(zone, 'New York (Amérique)');
    expect(zone).toHaveValue('America/New_York');

    await user.clear(search);
    await user.type(search, 'PARIS');
    expect(offered()).toEqual(['New York (Amérique)', 'Paris (Europe)']);
    await user.clear(search);
    await user.type(search, 'europe/zurich');
    expect(offered()).toContain('Zurich (Europe)');
    await user.clear(search);
    await user.type(search, 'São Paulo');
    expect(offered()).toContain('Sao Paulo (Amérique)');
  });

  it('writes the time zones in English for an English reader', async () => {
    const { user } = await openOrganizationTab({}, 'en');
    const zone = screen.getByRole<HTMLSelectElement>('combobox', { name: /Events' time zone/ });
    await waitFor(() => expect(zone.options.length).toBeGreaterThan(100));
    expect(within(zone).getByRole('option', { name: 'Tokyo (Asia)' })).toBeInTheDocument();
    expect(zone).toHaveAccessibleDescription(/^Central European Time, GMT\+0[12]:00 today\.$/);
    await user.type(screen.getByRole('searchbox', { name: 'Search time zones' }), 'indian');
    expect(screen.getByText(/^\d+ time zones found\.$/)).toBeVisible();
    expect([...zone.options].map((option) => option.text)).toContain('Maldives (Indian Ocean)');
  });

  it('saves, and applies the new theme and name at once, without reloading', async () => {
    const { user, fetchMock } = await openOrganizationTab({ 'PUT /api/organization': savedAs });
    expect(cssVariable('--color-primary')).toBe('#e11d48');

    await user.clear(field(/Nom de l'organisation/));
    await user.type(field(/Nom de l'organisation/), '  Les Chouettes ');
    await user.clear(field(/Couleur principale/));
    await user.type(field(/Couleur principale/), '#14532d');
    await user.type(field('Twitch'), 'https://twitch.tv/chouettes');
    // The association meets in Toronto: its events are planned in that time zone.
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Fuseau horaire des événements' }),
      'America/Toronto',
    );
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
      time_zone: 'America/Toronto',
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

  const refusedByServer = apiError(
    400,
    'validation_failed',
    'Invalid request: body.name, body.website',
    [
      {
        path: 'body.name',
        message: 'Too big: expected string to have <=80 characters',
        code: 'too_big',
        params: { maximum: 80, origin: 'string', inclusive: true },
      },
      { path: 'body.website', message: 'must be an http or https URL', code: 'custom' },
    ],
  );

  it('says in French what the server refused, field by field, with its limits', async () => {
    const { user } = await openOrganizationTab({ 'PUT /api/organization': refusedByServer });

    await user.click(save());

    expect(await screen.findByText("Échec de l'enregistrement de l'organisation.")).toBeVisible();
    expect(
      screen.getByText(
        /^Certaines valeurs ne sont pas acceptées\s: vérifiez les champs signalés\.$/,
      ),
    ).toBeVisible();
    expect(field(/Nom de l'organisation/)).toHaveAccessibleDescription(
      /^80\scaractères au plus\.$/,
    );
    expect(field(/Site web/)).toHaveAccessibleDescription(
      /Saisissez une adresse commençant par http:\/\/ ou https:\/\/, ou laissez vide\./,
    );
    expect(document.body).not.toHaveTextContent(/Invalid request|Too big|must be an http/);
    expect(cssVariable('--color-primary')).toBe('#e11d48');
  });

  it('says in English what the server refused, field by field, with its limits', async () => {
    const { user } = await openOrganizationTab({ 'PUT /api/organization': refusedByServer }, 'en');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText(/Some values are not accepted: check the fields marked\./),
    ).toBeVisible();
    expect(field(/Organisation name/)).toHaveAccessibleDescription('At most 80 characters.');
    expect(document.body).not.toHaveTextContent(/Invalid request|Too big|must be an http/);
  });

  it('refuses a file that is not a JPG or a PNG before sending anything', async () => {
    const { fetchMock } = await openOrganizationTab();
    // The file dialog offers JPG and PNG only; a file dropped in can still be anything.
    const upload = userEvent.setup({ applyAccept: false });

    await upload.upload(logoInput(), new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));

    expect(logoInput()).toHaveAccessibleDescription(
      "Aucun fichier choisi JPG ou PNG, 2 Mo maximum Ce fichier n'est ni un JPG ni un PNG.",
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

  const refusedImages = {
    unreadable: apiError(
      400,
      'invalid_image',
      'The image could not be read: it may be damaged or truncated',
      undefined,
      { image: 'unreadable' },
    ),
    type: apiError(
      415,
      'unsupported_media_type',
      'The logo must be a JPG or PNG image',
      undefined,
      {
        accepted_types: ['image/png', 'image/jpeg'],
      },
    ),
    size: apiError(413, 'payload_too_large', 'The logo is larger than 2 MB', undefined, {
      max_bytes: LOGO_MAX_BYTES,
    }),
    pixels: apiError(
      400,
      'invalid_image',
      'The image is larger than 4096 pixels on a side',
      undefined,
      { image: 'too_many_pixels', max_side: 4096 },
    ),
  };

  it.each([
    [
      'fr',
      'unreadable',
      /^L'image est illisible\s: elle est peut-être endommagée ou incomplète\.$/,
    ],
    ['fr', 'type', /^Le fichier doit être au format PNG ou JPG\.$/],
    ['fr', 'size', /^Le fichier dépasse 2\sMo\.$/],
    ['fr', 'pixels', /^L'image dépasse 4096 pixels de côté\.$/],
    ['en', 'unreadable', /^The image cannot be read: it may be damaged or incomplete\.$/],
    ['en', 'type', /^The file must be a PNG or JPG\.$/],
    ['en', 'size', /^The file is larger than 2\sMB\.$/],
    ['en', 'pixels', /^The image is larger than 4096 pixels on a side\.$/],
  ] as const)('says in %s why the server refused the image (%s)', async (language, kind, text) => {
    const { user } = await openOrganizationTab(
      { 'POST /api/organization/upload-logo': refusedImages[kind] },
      language,
    );
    const fr = language === 'fr';

    await user.upload(
      screen.getByLabelText(fr ? 'Choisir un nouveau logo' : 'Choose a new logo'),
      pngFile('truncated.png'),
    );
    await screen.findByRole('img', {
      name: fr ? 'Aperçu de truncated.png' : 'Preview of truncated.png',
    });
    await user.click(
      screen.getByRole('button', { name: fr ? 'Envoyer le logo' : 'Upload the logo' }),
    );

    const toastTitle = fr ? "Échec de l'envoi du logo." : 'The logo could not be uploaded.';
    expect(await screen.findByText(toastTitle)).toBeVisible();
    // On the field, and in the toast.
    expect(screen.getAllByText(text)).toHaveLength(2);
    // The server's English message is for API clients only.
    expect(document.body).not.toHaveTextContent(
      /The logo must|could not be read|The logo is larger/,
    );
  });

  it('chooses the logo with a translated picker: a button, the file name, the keyboard', async () => {
    const { user } = await openOrganizationTab();

    // The browser's own "Choose File" is out of sight; the label is the button seen.
    expect(screen.getByText('Parcourir...')).toBeVisible();
    expect(screen.getByText('Aucun fichier choisi')).toBeVisible();
    // The keyboard reaches the picker itself, under its field's name.
    while (document.activeElement !== logoInput()) await user.tab();
    expect(logoInput()).toHaveFocus();

    // Clicking the button seen opens the same picker.
    await user.upload(screen.getByText('Parcourir...'), pngFile('hiboux-2025.png'));

    expect(await screen.findByText(/^Fichier choisi\s: hiboux-2025\.png$/)).toBeVisible();
    expect(logoInput()).toHaveAccessibleDescription(
      /^Fichier choisi\s: hiboux-2025\.png JPG ou PNG, 2 Mo maximum$/,
    );
  });

  it('clears a failed upload’s toast once the next upload succeeds', async () => {
    let attempts = 0;
    const { user } = await openOrganizationTab({
      'POST /api/organization/upload-logo': (request) =>
        ++attempts === 1
          ? refusedImages.unreadable(request)
          : Response.json({ ...stored, logo: '/api/organization/logo?v=new' }),
    });
    const send = () => user.click(screen.getByRole('button', { name: 'Envoyer le logo' }));

    await user.upload(logoInput(), pngFile('first.png'));
    await screen.findByRole('img', { name: 'Aperçu de first.png' });
    await send();
    expect(await screen.findByText("Échec de l'envoi du logo.")).toBeVisible();

    await user.upload(logoInput(), pngFile('second.png'));
    await screen.findByRole('img', { name: 'Aperçu de second.png' });
    await send();

    expect(await screen.findByText('Le logo a été mis à jour.')).toBeVisible();
    expect(screen.queryByText("Échec de l'envoi du logo.")).not.toBeInTheDocument();
  });

  it('reads in English, with the logo’s limits', async () => {
    renderApp({
      at: '/settings/organization',
      language: 'en',
      routes: { 'GET /api/session': signedIn(admin), 'GET /api/organization': json(stored) },
    });

    expect(await screen.findByLabelText('Choose a new logo')).toHaveAccessibleDescription(
      'No file chosen JPG or PNG, max 2MB',
    );
    expect(await screen.findByRole('textbox', { name: /Primary colour/ })).toHaveValue('#e11d48');
    expect(screen.getByText('Browse...')).toBeVisible();
    expect(screen.getByText('No file chosen')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
  });
});
