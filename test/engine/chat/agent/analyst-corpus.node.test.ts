// The local analyst on models written for it (clinic, workforce, energy, hotels; browser releases and an airline's
// flights, weather and films from real public data; none the demo's): each question is asked through the engine's chat
// endpoint and its answer judged against rows computed in plain JavaScript, or by SQL of our own on the same files.
// Prints right / declined / wrong per model; requires ≥ 90% of the answerable questions right in each model, at most 1%
// of all questions wrong, and every unanswerable one declined. The held-out sets (hospital, library, delivery, cars and
// stocks, IT service desk, real-estate agency, manufacturing plant, university, digital marketing, fitness club chain,
// insurance claims, event ticketing, nonprofit fundraising, restaurant chain, public transit, penguins and gapminder,
// recruiting pipeline, bird strikes and football matches, music streaming, farming co-operative, unemployment and
// natural disasters, software delivery pipeline, Seattle weather and US employment, Iowa electricity and US census, car
// rental fleet, construction contractor, climate records and the 1992 LA riots, city 311 service requests, barley
// trials and Crimean war deaths, online marketplace, warehouse inventory, US campaign finance, income and hurricanes,
// bike-share system, mobile telecom carrier, amateur sports league, US species habitats and zip codes, coworking
// spaces, antibiotics, wheat prices and stock index, podcast network, hotel group, veterinary clinics, fertility,
// GitHub commits, driving and county unemployment, water utility, ski resort, daily S&P 500, a 2009 stock, budget
// forecasts and people, law firm, cinema chain, dental practices, airline routes, health and income, Seattle hourly
// normals, earthquakes, wind field, Anscombe and London boroughs, meal-kit subscriptions, museums and galleries,
// freight trucking, US federal budget, 2001 flights and Les Misérables (vega-datasets files), residential solar
// installer, container port terminal, retail pharmacy chain) were written before the analyst was run on them and are
// kept as written: they require no wrong answer (the solar and port sets have one left each, named in their files, and
// allow no other) and the share right each reached when its classes were fixed (their figures are printed; the bar
// rises as declines are fixed, never by rewording a question; one expected answer of the water utility set was changed
// to the project's rule for "a measure per entity", as its comment says).
import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EngineSeed, LocalEngineOptions } from '../../../../src/engine/index.js';
import { AIRLINE, airlineData, airlineSeed } from '../../../fixtures/analyst/airline.js';
import { BIKES, bikesSeed } from '../../../fixtures/analyst/bikes.js';
import { BUDGET, budgetData, budgetSeed } from '../../../fixtures/analyst/budget.js';
import { BROWSERS, browsersSeed } from '../../../fixtures/analyst/browsers.js';
import { BUILDS, buildsSeed } from '../../../fixtures/analyst/builds.js';
import { CARS, carsData, carsSeed } from '../../../fixtures/analyst/cars-stocks.js';
import { CINEMA, cinemaSeed } from '../../../fixtures/analyst/cinema.js';
import { CITYREQS, cityreqsSeed } from '../../../fixtures/analyst/cityreqs.js';
import { CLIMATE, climateData, climateSeed } from '../../../fixtures/analyst/climate.js';
import { PENGUINS, penguinsData, penguinsSeed } from '../../../fixtures/analyst/penguins-gapminder.js';
import { CLINIC, clinicSeed } from '../../../fixtures/analyst/clinic.js';
import { CONTRACTOR, contractorSeed } from '../../../fixtures/analyst/contractor.js';
import { COWORK, coworkSeed } from '../../../fixtures/analyst/cowork.js';
import { DELIVERY, deliverySeed } from '../../../fixtures/analyst/delivery.js';
import { DENTAL, dentalSeed } from '../../../fixtures/analyst/dental.js';
import { ENERGY, energySeed } from '../../../fixtures/analyst/energy.js';
import { FARM, farmSeed } from '../../../fixtures/analyst/farm.js';
import { FUNDRAISING, fundraisingSeed } from '../../../fixtures/analyst/fundraising.js';
import { GRAIN, grainData, grainSeed } from '../../../fixtures/analyst/grain.js';
import { GYM, gymSeed } from '../../../fixtures/analyst/gym.js';
import { HABITATS, habitatsData, habitatsSeed } from '../../../fixtures/analyst/habitats.js';
import { HELPDESK, helpdeskSeed } from '../../../fixtures/analyst/helpdesk.js';
import { HIRING, hiringSeed } from '../../../fixtures/analyst/hiring.js';
import { HOSPITAL, hospitalSeed } from '../../../fixtures/analyst/hospital.js';
import { HOTEL, hotelSeed } from '../../../fixtures/analyst/hotel.js';
import { HOTELS, hotelsSeed } from '../../../fixtures/analyst/hotels.js';
import { INSURANCE, insuranceSeed } from '../../../fixtures/analyst/insurance.js';
import { JOBLESS, joblessData, joblessSeed } from '../../../fixtures/analyst/jobless.js';
import { LEAGUE, leagueSeed } from '../../../fixtures/analyst/league.js';
import { LIBRARY, librarySeed } from '../../../fixtures/analyst/library.js';
import { MARKET, marketSeed } from '../../../fixtures/analyst/market.js';
import { MARKETING, marketingSeed } from '../../../fixtures/analyst/marketing.js';
import { MEALKIT, mealkitSeed } from '../../../fixtures/analyst/mealkit.js';
import { MUSEUM, museumSeed } from '../../../fixtures/analyst/museum.js';
import { PHARMACY, pharmacySeed } from '../../../fixtures/analyst/pharmacy.js';
import { PLANT, plantSeed } from '../../../fixtures/analyst/plant.js';
import { PODCAST, podcastSeed } from '../../../fixtures/analyst/podcast.js';
import { PORT, portSeed } from '../../../fixtures/analyst/port.js';
import { POWER, powerData, powerSeed } from '../../../fixtures/analyst/power.js';
import { QUAKES, quakesData, quakesSeed } from '../../../fixtures/analyst/quakes.js';
import { SCIENCE, scienceData, scienceSeed } from '../../../fixtures/analyst/science.js';
import { REALTY, realtySeed } from '../../../fixtures/analyst/realty.js';
import { RENTAL, rentalSeed } from '../../../fixtures/analyst/rental.js';
import { RESTAURANTS, restaurantsSeed } from '../../../fixtures/analyst/restaurants.js';
import { ROUTES, routesData, routesSeed } from '../../../fixtures/analyst/routes.js';
import { SEATTLE, seattleData, seattleSeed } from '../../../fixtures/analyst/seattle.js';
import { STOCK, stockSeed } from '../../../fixtures/analyst/stock.js';
import { STATES, statesData, statesSeed } from '../../../fixtures/analyst/states.js';
import { STREAMING, streamingSeed } from '../../../fixtures/analyst/streaming.js';
import { TELECOM, telecomSeed } from '../../../fixtures/analyst/telecom.js';
import { TICKETING, ticketingSeed } from '../../../fixtures/analyst/ticketing.js';
import { TRANSIT, transitSeed } from '../../../fixtures/analyst/transit.js';
import { TRUCKING, truckingSeed } from '../../../fixtures/analyst/trucking.js';
import { UNIVERSITY, universitySeed } from '../../../fixtures/analyst/university.js';
import { SKI, skiSeed } from '../../../fixtures/analyst/ski.js';
import { SOLAR, solarSeed } from '../../../fixtures/analyst/solar.js';
import { VET, vetSeed } from '../../../fixtures/analyst/vet.js';
import { WATER, waterSeed } from '../../../fixtures/analyst/water.js';
import { WILDLIFE, wildlifeData, wildlifeSeed } from '../../../fixtures/analyst/wildlife.js';
import { WORKFORCE, workforceSeed } from '../../../fixtures/analyst/workforce.js';
import { WORLD, worldData, worldSeed } from '../../../fixtures/analyst/world.js';
import { MARKETS, marketsData, marketsSeed } from '../../../fixtures/analyst/markets.js';
import { LAWFIRM, lawSeed } from '../../../fixtures/analyst/law.js';
import { AIRLINE_QUESTIONS, airlineCases } from './airline-corpus.js';
import { BIKES_QUESTIONS, bikesCases } from './bikes-corpus.js';
import { BUDGET_QUESTIONS, budgetCases } from './budget-corpus.js';
import { browsersCases } from './browsers-corpus.js';
import { BUILDS_QUESTIONS, buildsCases } from './builds-corpus.js';
import { CARS_QUESTIONS, carsCases } from './cars-stocks-corpus.js';
import { CINEMA_QUESTIONS, cinemaCases } from './cinema-corpus.js';
import { CITYREQS_QUESTIONS, cityreqsCases } from './cityreqs-corpus.js';
import { CLIMATE_QUESTIONS, climateCases } from './climate-corpus.js';
import { PENGUINS_QUESTIONS, penguinsCases } from './penguins-gapminder-corpus.js';
import { clinicCases } from './clinic-corpus.js';
import { CONTRACTOR_QUESTIONS, contractorCases } from './contractor-corpus.js';
import { corpusEngine, judge, type Case } from './corpus.js';
import { COWORK_QUESTIONS, coworkCases } from './cowork-corpus.js';
import { DELIVERY_QUESTIONS, deliveryCases } from './delivery-corpus.js';
import { DENTAL_QUESTIONS, dentalCases } from './dental-corpus.js';
import { energyCases } from './energy-corpus.js';
import { FARM_QUESTIONS, farmCases } from './farm-corpus.js';
import { FUNDRAISING_QUESTIONS, fundraisingCases } from './fundraising-corpus.js';
import { GRAIN_QUESTIONS, grainCases } from './grain-corpus.js';
import { GYM_QUESTIONS, gymCases } from './gym-corpus.js';
import { HABITATS_QUESTIONS, habitatsCases } from './habitats-corpus.js';
import { HELPDESK_QUESTIONS, helpdeskCases } from './helpdesk-corpus.js';
import { HIRING_QUESTIONS, hiringCases } from './hiring-corpus.js';
import { HOSPITAL_QUESTIONS, hospitalCases } from './hospital-corpus.js';
import { HOTEL_QUESTIONS, hotelCases } from './hotel-corpus.js';
import { hotelsCases } from './hotels-corpus.js';
import { INSURANCE_QUESTIONS, insuranceCases } from './insurance-corpus.js';
import { JOBLESS_QUESTIONS, joblessCases } from './jobless-corpus.js';
import { LEAGUE_QUESTIONS, leagueCases } from './league-corpus.js';
import { LIBRARY_QUESTIONS, libraryCases } from './library-corpus.js';
import { MARKET_QUESTIONS, marketCases } from './market-corpus.js';
import { MARKETING_QUESTIONS, marketingCases } from './marketing-corpus.js';
import { MEALKIT_QUESTIONS, mealkitCases } from './mealkit-corpus.js';
import { MUSEUM_QUESTIONS, museumCases } from './museum-corpus.js';
import { PHARMACY_QUESTIONS, pharmacyCases } from './pharmacy-corpus.js';
import { PLANT_QUESTIONS, plantCases } from './plant-corpus.js';
import { PODCAST_QUESTIONS, podcastCases } from './podcast-corpus.js';
import { PORT_QUESTIONS, portCases } from './port-corpus.js';
import { POWER_QUESTIONS, powerCases } from './power-corpus.js';
import { QUAKES_QUESTIONS, quakesCases } from './quakes-corpus.js';
import { REALTY_QUESTIONS, realtyCases } from './realty-corpus.js';
import { SCIENCE_QUESTIONS, scienceCases } from './science-corpus.js';
import { RENTAL_QUESTIONS, rentalCases } from './rental-corpus.js';
import { RESTAURANTS_QUESTIONS, restaurantsCases } from './restaurants-corpus.js';
import { ROUTES_QUESTIONS, routesCases } from './routes-corpus.js';
import { SEATTLE_QUESTIONS, seattleCases } from './seattle-corpus.js';
import { STOCK_QUESTIONS, stockCases } from './stock-corpus.js';
import { STATES_QUESTIONS, statesCases } from './states-corpus.js';
import { STREAMING_QUESTIONS, streamingCases } from './streaming-corpus.js';
import { TELECOM_QUESTIONS, telecomCases } from './telecom-corpus.js';
import { TICKETING_QUESTIONS, ticketingCases } from './ticketing-corpus.js';
import { TRANSIT_QUESTIONS, transitCases } from './transit-corpus.js';
import { TRUCKING_QUESTIONS, truckingCases } from './trucking-corpus.js';
import { UNIVERSITY_QUESTIONS, universityCases } from './university-corpus.js';
import { SKI_QUESTIONS, skiCases } from './ski-corpus.js';
import { SOLAR_QUESTIONS, solarCases } from './solar-corpus.js';
import { VET_QUESTIONS, vetCases } from './vet-corpus.js';
import { WATER_QUESTIONS, waterCases } from './water-corpus.js';
import { WILDLIFE_QUESTIONS, wildlifeCases } from './wildlife-corpus.js';
import { workforceCases } from './workforce-corpus.js';
import { WORLD_QUESTIONS, worldCases } from './world-corpus.js';
import { MARKETS_QUESTIONS, marketsCases } from './markets-corpus.js';
import { LAWFIRM_QUESTIONS, lawCases } from './law-corpus.js';

interface Model {
  name: string;
  seed: EngineSeed;
  keys: { adminKey: string; account: string; agent: string };
  /** The questions, or how to compute their answers (SQL on the model's files). */
  cases: Case[] | (() => Promise<Case[]>);
  count: number;
  groups: string[];
  data?: () => LocalEngineOptions['data'];
  /** A held-out set: the share of answerable questions it must get right (else 90%), and no wrong answer. */
  heldOut?: number;
  /** Wrong answers a held-out set still has, each named in a comment by its question (never more). */
  wrongLeft?: number;
}
const model = (name: string, seed: EngineSeed, keys: Model['keys'], cases: Case[], groups: string[] = []): Model => ({
  name,
  seed,
  keys,
  cases,
  count: cases.length,
  groups,
});
const heldOut = (
  name: string,
  seed: EngineSeed,
  keys: Model['keys'],
  cases: () => Promise<Case[]>,
  count: number,
  bar: number,
  wrongLeft = 0,
): Model => ({ name, seed, keys, cases, count, groups: [], heldOut: bar, wrongLeft });
const MODELS: Model[] = [
  model('clinic', clinicSeed, CLINIC, clinicCases, ['staff']),
  model('workforce', workforceSeed, WORKFORCE, workforceCases, ['hr']),
  model('energy', energySeed, ENERGY, energyCases),
  model('hotels', hotelsSeed, HOTELS, hotelsCases),
  model('browser releases (MDN data)', browsersSeed, BROWSERS, browsersCases),
  {
    name: 'airline, weather and films (vega-datasets files)',
    seed: airlineSeed,
    keys: AIRLINE,
    cases: airlineCases,
    count: AIRLINE_QUESTIONS,
    groups: [],
    data: airlineData,
  },
  heldOut('hospital admissions', hospitalSeed, HOSPITAL, hospitalCases, HOSPITAL_QUESTIONS, 0.94),
  heldOut('library loans', librarySeed, LIBRARY, libraryCases, LIBRARY_QUESTIONS, 0.97),
  heldOut('food delivery', deliverySeed, DELIVERY, deliveryCases, DELIVERY_QUESTIONS, 0.94),
  {
    ...heldOut('cars and stock prices (vega-datasets files)', carsSeed, CARS, carsCases, CARS_QUESTIONS, 0.94),
    data: carsData,
  },
  heldOut('IT service desk', helpdeskSeed, HELPDESK, helpdeskCases, HELPDESK_QUESTIONS, 1),
  heldOut('real-estate agency', realtySeed, REALTY, realtyCases, REALTY_QUESTIONS, 0.97),
  heldOut('manufacturing plant', plantSeed, PLANT, plantCases, PLANT_QUESTIONS, 0.97),
  heldOut('university', universitySeed, UNIVERSITY, universityCases, UNIVERSITY_QUESTIONS, 0.97),
  heldOut('digital marketing', marketingSeed, MARKETING, marketingCases, MARKETING_QUESTIONS, 1),
  heldOut('fitness club chain', gymSeed, GYM, gymCases, GYM_QUESTIONS, 0.95),
  heldOut('insurance claims', insuranceSeed, INSURANCE, insuranceCases, INSURANCE_QUESTIONS, 0.97),
  heldOut('event ticketing', ticketingSeed, TICKETING, ticketingCases, TICKETING_QUESTIONS, 0.97),
  heldOut('nonprofit fundraising', fundraisingSeed, FUNDRAISING, fundraisingCases, FUNDRAISING_QUESTIONS, 1),
  heldOut('restaurant chain', restaurantsSeed, RESTAURANTS, restaurantsCases, RESTAURANTS_QUESTIONS, 0.97),
  heldOut('public transit', transitSeed, TRANSIT, transitCases, TRANSIT_QUESTIONS, 1),
  {
    ...heldOut(
      'penguins and gapminder (vega-datasets files)',
      penguinsSeed,
      PENGUINS,
      penguinsCases,
      PENGUINS_QUESTIONS,
      1,
    ),
    data: penguinsData,
  },
  heldOut('recruiting pipeline', hiringSeed, HIRING, hiringCases, HIRING_QUESTIONS, 0.85),
  {
    ...heldOut(
      'bird strikes and football matches (vega-datasets files)',
      wildlifeSeed,
      WILDLIFE,
      wildlifeCases,
      WILDLIFE_QUESTIONS,
      0.85,
    ),
    data: wildlifeData,
  },
  heldOut('music streaming', streamingSeed, STREAMING, streamingCases, STREAMING_QUESTIONS, 0.91),
  heldOut('farming co-operative', farmSeed, FARM, farmCases, FARM_QUESTIONS, 0.97),
  {
    ...heldOut(
      'unemployment and natural disasters (vega-datasets files)',
      joblessSeed,
      JOBLESS,
      joblessCases,
      JOBLESS_QUESTIONS,
      0.94,
    ),
    data: joblessData,
  },
  heldOut('software delivery pipeline', buildsSeed, BUILDS, buildsCases, BUILDS_QUESTIONS, 0.88),
  {
    ...heldOut(
      'Seattle weather and US employment (vega-datasets files)',
      seattleSeed,
      SEATTLE,
      seattleCases,
      SEATTLE_QUESTIONS,
      0.8,
    ),
    data: seattleData,
  },
  {
    ...heldOut(
      'Iowa electricity and US census (vega-datasets files)',
      powerSeed,
      POWER,
      powerCases,
      POWER_QUESTIONS,
      0.65,
    ),
    data: powerData,
  },
  heldOut('car rental fleet', rentalSeed, RENTAL, rentalCases, RENTAL_QUESTIONS, 0.97),
  heldOut('construction contractor', contractorSeed, CONTRACTOR, contractorCases, CONTRACTOR_QUESTIONS, 0.77),
  {
    ...heldOut(
      'climate records and the 1992 LA riots (vega-datasets files)',
      climateSeed,
      CLIMATE,
      climateCases,
      CLIMATE_QUESTIONS,
      0.8,
    ),
    data: climateData,
  },
  heldOut('city 311 service requests', cityreqsSeed, CITYREQS, cityreqsCases, CITYREQS_QUESTIONS, 0.91),
  {
    ...heldOut('barley trials and Crimean war deaths', grainSeed, GRAIN, grainCases, GRAIN_QUESTIONS, 0.94),
    data: grainData,
  },
  heldOut('online marketplace', marketSeed, MARKET, marketCases, MARKET_QUESTIONS, 1),
  heldOut('warehouse inventory', stockSeed, STOCK, stockCases, STOCK_QUESTIONS, 0.85),
  {
    ...heldOut('US campaign finance, income and hurricanes', statesSeed, STATES, statesCases, STATES_QUESTIONS, 0.68),
    data: statesData,
  },
  heldOut('bike-share system', bikesSeed, BIKES, bikesCases, BIKES_QUESTIONS, 0.77),
  heldOut('mobile telecom carrier', telecomSeed, TELECOM, telecomCases, TELECOM_QUESTIONS, 0.94),
  heldOut('amateur sports league', leagueSeed, LEAGUE, leagueCases, LEAGUE_QUESTIONS, 0.88),
  {
    ...heldOut(
      'US species habitats and zip codes (vega-datasets files)',
      habitatsSeed,
      HABITATS,
      habitatsCases,
      HABITATS_QUESTIONS,
      0.85,
    ),
    data: habitatsData,
  },
  heldOut('coworking spaces', coworkSeed, COWORK, coworkCases, COWORK_QUESTIONS, 0.82),
  {
    ...heldOut(
      'antibiotics, wheat prices and stock index (vega-datasets files)',
      scienceSeed,
      SCIENCE,
      scienceCases,
      SCIENCE_QUESTIONS,
      0.77,
    ),
    data: scienceData,
  },
  heldOut('podcast network', podcastSeed, PODCAST, podcastCases, PODCAST_QUESTIONS, 0.94),
  heldOut('hotel group', hotelSeed, HOTEL, hotelCases, HOTEL_QUESTIONS, 0.77),
  heldOut('veterinary clinics', vetSeed, VET, vetCases, VET_QUESTIONS, 0.88),
  {
    ...heldOut(
      'fertility, commits, driving and unemployment (vega-datasets files)',
      worldSeed,
      WORLD,
      worldCases,
      WORLD_QUESTIONS,
      0.8,
    ),
    data: worldData,
  },
  heldOut('water utility', waterSeed, WATER, waterCases, WATER_QUESTIONS, 0.77),
  heldOut('ski resort', skiSeed, SKI, skiCases, SKI_QUESTIONS, 0.85),
  {
    ...heldOut(
      'daily S&P 500, a 2009 stock, budget forecasts and people (vega-datasets files)',
      marketsSeed,
      MARKETS,
      marketsCases,
      MARKETS_QUESTIONS,
      0.8,
    ),
    data: marketsData,
  },
  heldOut('law firm', lawSeed, LAWFIRM, lawCases, LAWFIRM_QUESTIONS, 0.88),
  heldOut('cinema chain', cinemaSeed, CINEMA, cinemaCases, CINEMA_QUESTIONS, 0.85),
  heldOut('dental practices', dentalSeed, DENTAL, dentalCases, DENTAL_QUESTIONS, 0.82),
  {
    ...heldOut(
      'airline routes, health and income, Seattle hourly normals (vega-datasets files)',
      routesSeed,
      ROUTES,
      routesCases,
      ROUTES_QUESTIONS,
      0.74,
    ),
    data: routesData,
  },
  {
    ...heldOut(
      'earthquakes, wind field, Anscombe and London boroughs (vega-datasets files)',
      quakesSeed,
      QUAKES,
      quakesCases,
      QUAKES_QUESTIONS,
      0.79,
    ),
    data: quakesData,
  },
  heldOut('meal-kit subscriptions', mealkitSeed, MEALKIT, mealkitCases, MEALKIT_QUESTIONS, 0.77),
  heldOut('museums and galleries', museumSeed, MUSEUM, museumCases, MUSEUM_QUESTIONS, 0.88),
  heldOut('freight trucking', truckingSeed, TRUCKING, truckingCases, TRUCKING_QUESTIONS, 0.85),
  {
    ...heldOut(
      'US federal budget, 2001 flights and Les Misérables (vega-datasets files)',
      budgetSeed,
      BUDGET,
      budgetCases,
      BUDGET_QUESTIONS,
      0.57,
    ),
    data: budgetData,
  },
  heldOut('residential solar installer', solarSeed, SOLAR, solarCases, SOLAR_QUESTIONS, 0.77, 1),
  heldOut('container port terminal', portSeed, PORT, portCases, PORT_QUESTIONS, 0.77, 1),
  heldOut('retail pharmacy chain', pharmacySeed, PHARMACY, pharmacyCases, PHARMACY_QUESTIONS, 0.71),
];
/** `ANALYST_CORPUS=hospital,library` runs only the models whose names contain one of the words (while working). */
const only = process.env.ANALYST_CORPUS?.split(',');
const RUN = only ? MODELS.filter((m) => only.some((w) => m.name.includes(w))) : MODELS;
const TOTAL = MODELS.reduce((n, m) => n + m.count, 0);
let wrong = 0;

describe('local analyst: corpus over models it was not written for', () => {
  it(`has at least 400 questions over five models`, () => {
    assert.ok(TOTAL >= 400 && MODELS.length >= 5);
  });
  for (const { name, seed, keys, cases: given, groups, data, heldOut: bar, wrongLeft = 0 } of RUN) {
    const share = bar ?? 0.9;
    const none = wrongLeft ? `at most ${wrongLeft} wrong` : 'none wrong';
    it(`${name}: ≥ ${share * 100}% right${bar ? `, ${none}` : ''}, every unanswerable question declined`, async () => {
      const cases = typeof given === 'function' ? await given() : given;
      const ce = await corpusEngine(
        seed,
        { apiKey: keys.adminKey, account: keys.account, agent: keys.agent, groups },
        data?.(),
      );
      try {
        const tally = { right: 0, declined: 0, wrong: 0 };
        const problems: string[] = [];
        let answerable = 0;
        let answeredUnanswerable = 0;
        for (const c of cases) {
          const v = await judge(ce, c);
          tally[v.outcome]++;
          if (!v.expectedDecline) answerable++;
          else if (v.outcome !== 'declined') answeredUnanswerable++;
          if (v.outcome === 'wrong' || v.expectedDecline !== (v.outcome === 'declined'))
            problems.push(`${v.outcome}: ${v.q} → ${v.detail}${v.sql ? `\n  ${v.sql.replace(/\n/g, ' ')}` : ''}`);
        }
        const expectedDeclines = cases.length - answerable;
        const rightAnswers = tally.right;
        console.log(
          `${name}: ${cases.length} questions — right ${tally.right}, declined ${tally.declined} (${expectedDeclines} expected), wrong ${tally.wrong}`,
        );
        if (problems.length) console.log(problems.join('\n'));
        wrong += tally.wrong;
        assert.ok(rightAnswers >= share * answerable, problems.join('\n'));
        if (bar) assert.ok(tally.wrong <= wrongLeft, problems.join('\n'));
        assert.equal(answeredUnanswerable, 0, problems.join('\n'));
      } finally {
        await ce.engine.close();
      }
    });
  }
  it('at most 1% of all questions wrong', () => {
    assert.ok(wrong <= 0.01 * TOTAL, `${wrong} wrong of ${TOTAL}`);
  });
});
