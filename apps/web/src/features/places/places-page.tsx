/**
 * /my-page/places: the shipper's 住所録 (issue 49, decision 106) — its saved places in name
 * order, searched by name or address, each changed or deleted (with a confirmation), and a new
 * one added. The create form picks from the same list.
 */
import { Elevator, type TPlace } from '@logi/contract';
import { useQuery } from '@tanstack/react-query';
import { MapPinPlus, Pencil, Search, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Input } from '../../components/ui/input';
import { PagePanel } from '../../components/ui/page-panel';
import { Pagination } from '../../components/ui/pagination';
import { SkeletonRows } from '../../components/ui/skeleton';
import { placesQuery, useDeletePlace } from '../../lib/place-queries';
import { formatPhone } from '../../lib/phone';
import { toast } from '../../lib/toast';
import { MY_PAGE_TEXT } from '../../texts/my-page';
import { PLACES_TEXT as T } from '../../texts/places';
import { PlaceFormDialog } from './place-form-dialog';

export const addressOf = (p: Pick<TPlace, 'postalCode' | 'prefecture' | 'city' | 'town' | 'block' | 'building'>) =>
  [p.postalCode && `〒${p.postalCode}`, `${p.prefecture}${p.city}${p.town}${p.block}`, p.building].filter(Boolean).join(' ');

function PlaceCard({ place, onEdit, onDelete }: { place: TPlace; onEdit: () => void; onDelete: () => void }) {
  return (
    <article
      aria-label={place.name}
      data-testid="saved-place"
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <h3 className="font-bold break-words">{place.name}</h3>
        <p className="break-words">{addressOf(place)}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-muted-foreground">
          {place.contactName && (
            <>
              <dt>{T.contact}</dt>
              <dd className="break-words">{place.contactName}</dd>
            </>
          )}
          {place.phone && (
            <>
              <dt>{T.phone}</dt>
              <dd>{formatPhone(place.phone)}</dd>
            </>
          )}
          {place.elevator && (
            <>
              <dt>{T.elevator}</dt>
              <dd>{Elevator.labels[place.elevator]}</dd>
            </>
          )}
          {place.hours && (
            <>
              <dt>{T.hours}</dt>
              <dd className="break-words">{place.hours}</dd>
            </>
          )}
          {place.note && (
            <>
              <dt>{T.note}</dt>
              <dd className="break-words whitespace-pre-line">{place.note}</dd>
            </>
          )}
        </dl>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={T.editFor(place.name)}>
          <Pencil aria-hidden className="size-4" />
          {T.edit}
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={T.removeFor(place.name)}>
          <Trash2 aria-hidden className="size-4" />
          {T.remove}
        </Button>
      </div>
    </article>
  );
}

export function PlacesPage() {
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  // undefined: no dialog; null: adding; a place: changing it.
  const [editing, setEditing] = useState<TPlace | null | undefined>(undefined);
  const [removing, setRemoving] = useState<TPlace | null>(null);
  const places = useQuery(placesQuery(page, keyword));
  const remove = useDeletePlace();

  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setKeyword(draft.trim());
  };
  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setRemoving(null);
      },
    });

  let list;
  if (places.isPending) list = <SkeletonRows rowClassName="h-28" />;
  else if (places.isError) list = <EmptyState />;
  else if (places.data.data.length === 0)
    list = keyword ? <EmptyState title={T.notFound} /> : <EmptyState title={T.empty} description={T.emptyHint} />;
  else
    list = (
      <>
        <ul className="flex flex-col gap-3">
          {places.data.data.map((place) => (
            <li key={place.id}>
              <PlaceCard place={place} onEdit={() => setEditing(place)} onDelete={() => setRemoving(place)} />
            </li>
          ))}
        </ul>
        <Pagination meta={places.data.meta} onPageChange={setPage} />
      </>
    );

  return (
    <PagePanel title={T.title} description={T.description} width="wide">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <form role="search" onSubmit={search} className="flex min-w-0 flex-1 gap-2">
          <Input
            aria-label={T.search}
            placeholder={T.search}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="min-w-0 flex-1"
          />
          <Button type="submit" variant="outline">
            <Search aria-hidden className="size-4" />
            {T.searchSubmit}
          </Button>
        </form>
        <Button onClick={() => setEditing(null)}>
          <MapPinPlus aria-hidden className="size-4" />
          {T.add}
        </Button>
      </div>
      {list}
      {editing !== undefined && (
        <PlaceFormDialog
          key={editing?.id ?? 'new'}
          open
          onOpenChange={(open) => !open && setEditing(undefined)}
          place={editing}
        />
      )}
      {removing && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRemoving(null)}
          close={() => setRemoving(null)}
          title={T.removeDialog.title}
          description={T.removeDialog.description(removing.name)}
          confirmLabel={T.removeDialog.confirm}
          tone="destructive"
          pending={remove.isPending}
          onConfirm={confirmRemove}
        />
      )}
      <Link to="/my-page" className="text-center text-sm text-primary underline-offset-4 hover:underline">
        {MY_PAGE_TEXT.backToMyPage}
      </Link>
    </PagePanel>
  );
}
