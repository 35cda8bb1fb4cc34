import { catalogueApi } from '../api/catalogue-api.ts';
import { useResource } from '../api/use-resource.ts';
import { ContentCard } from '../components/content-card.tsx';
import { Pager } from '../components/pager.tsx';
import { LoadError, Loading, useTitle } from '../components/status.tsx';
import { useLocation } from '../router/navigation.tsx';

/** /persons/{id}: the person and the contents they took part in, newest first, with their parts. */
export function PersonPage({ id }: { id: number }) {
  const { search } = useLocation();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const person = useResource(`${id}|${page}`, (signal) => catalogueApi.person(id, page, signal));
  useTitle(person.data?.person.name);
  if (person.status === 'loading') return <Loading />;
  if (person.status === 'error') return <LoadError error={person.error} retry={person.reload} />;
  const { person: who, contents } = person.data;
  return (
    <div className="person">
      <h1>{who.name}</h1>
      <p className="person__meta">
        {[who.originalName !== who.name ? who.originalName : '', who.birthYear ? `род. ${who.birthYear}` : '', `фильмов и сериалов: ${who.contentsCount}`].filter(Boolean).join(' · ')}
      </p>
      <ul className="card-grid" aria-label="Фильмография">
        {contents.items.map(({ content, roles }) => (
          <li key={content.id}>
            <ContentCard card={content}>
              <span className="card__roles">
                {roles.map((role) => (role.characterName ? `${role.type.title}: ${role.characterName}` : role.type.title)).join(', ')}
              </span>
            </ContentCard>
          </li>
        ))}
      </ul>
      <Pager page={page} pageSize={contents.pageSize} total={contents.total} hrefOf={(next) => `/persons/${id}${next > 1 ? `?page=${next}` : ''}`} />
    </div>
  );
}
