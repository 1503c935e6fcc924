import { SUBGRAPH_NAMES } from '../lib/config';
import { subgraphs } from '.';

describe('the subgraph registry', () => {
  it('has one definition per registered name, under that name', () => {
    expect(subgraphs.map((definition) => definition.name)).toEqual(SUBGRAPH_NAMES);
  });
});
