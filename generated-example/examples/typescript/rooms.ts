// Meeting-room booking for a small office: rooms, requests, a greedy planner and a report.
// One request names a room that is not in the building, and planning stops with a TypeError.

type RoomId = string;

interface Room {
  id: RoomId;
  capacity: number;
  floor: number;
  features: ReadonlySet<string>;
}

interface Request {
  title: string;
  organiser: string;
  attendees: number;
  start: number; // minutes after midnight
  length: number;
  preferred?: RoomId;
  needs?: string[];
}

interface Booking {
  room: RoomId;
  request: Request;
}

enum Outcome {
  Booked = "booked",
  Moved = "moved",
  Refused = "refused",
}

class Building {
  private readonly rooms = new Map<RoomId, Room>();

  add(id: RoomId, capacity: number, floor: number, ...features: string[]): this {
    this.rooms.set(id, { id, capacity, floor, features: new Set(features) });
    return this;
  }

  room(id: RoomId): Room | undefined {
    return this.rooms.get(id);
  }

  all(): Room[] {
    return [...this.rooms.values()].sort((a, b) => a.capacity - b.capacity);
  }
}

const overlaps = (a: Request, b: Request): boolean =>
  a.start < b.start + b.length && b.start < a.start + a.length;

function fits(room: Room, request: Request): boolean {
  const needs = request.needs ?? [];
  return room.capacity >= request.attendees && needs.every((n) => room.features.has(n));
}

class Planner {
  private readonly bookings: Booking[] = [];
  readonly log: Array<[Outcome, string]> = [];

  constructor(private readonly building: Building) {}

  private free(room: Room, request: Request): boolean {
    return !this.bookings.some((b) => b.room === room.id && overlaps(b.request, request));
  }

  private place(request: Request): Room | null {
    for (const room of this.building.all()) {
      if (fits(room, request) && this.free(room, request)) {
        return room;
      }
    }
    return null;
  }

  book(request: Request): Outcome {
    if (request.preferred !== undefined) {
      const wanted = this.building.room(request.preferred) as Room;
      // The preferred room is trusted to exist: the cast hides the undefined case.
      if (wanted.capacity >= request.attendees && this.free(wanted, request)) {
        this.bookings.push({ room: wanted.id, request });
        this.log.push([Outcome.Booked, `${request.title} in ${wanted.id}`]);
        return Outcome.Booked;
      }
    }
    const other = this.place(request);
    if (other === null) {
      this.log.push([Outcome.Refused, request.title]);
      return Outcome.Refused;
    }
    this.bookings.push({ room: other.id, request });
    this.log.push([Outcome.Moved, `${request.title} moved to ${other.id}`]);
    return Outcome.Moved;
  }

  usage(): Map<RoomId, number> {
    const minutes = new Map<RoomId, number>();
    for (const { room, request } of this.bookings) {
      minutes.set(room, (minutes.get(room) ?? 0) + request.length);
    }
    return minutes;
  }
}

function clock(minutes: number): string {
  const h = Math.floor(minutes / 60).toString().padStart(2, "0");
  const m = (minutes % 60).toString().padStart(2, "0");
  return `${h}:${m}`;
}

const office = new Building()
  .add("lagoon", 4, 1, "screen")
  .add("harbour", 8, 1, "screen", "phone")
  .add("summit", 14, 3, "screen", "phone", "whiteboard")
  .add("attic", 2, 4);

const requests: Request[] = [
  { title: "stand-up", organiser: "ana", attendees: 6, start: 9 * 60, length: 15, preferred: "harbour" },
  { title: "design review", organiser: "ben", attendees: 10, start: 10 * 60, length: 60, needs: ["whiteboard"] },
  { title: "1:1", organiser: "chloe", attendees: 2, start: 10 * 60 + 30, length: 30, preferred: "attic" },
  { title: "vendor call", organiser: "dev", attendees: 3, start: 11 * 60, length: 45, needs: ["phone"] },
  { title: "lunch talk", organiser: "eli", attendees: 12, start: 12 * 60 + 30, length: 50, preferred: "rooftop" },
  { title: "retro", organiser: "ana", attendees: 7, start: 15 * 60, length: 60, preferred: "harbour" },
];

const planner = new Planner(office);
const counts: Record<Outcome, number> = { booked: 0, moved: 0, refused: 0 };
for (const request of requests) {
  counts[planner.book(request)] += 1;
}

for (const [outcome, text] of planner.log) {
  console.log(`${outcome.padEnd(8)} ${text}`);
}
for (const [room, minutes] of planner.usage()) {
  console.log(`${room}: ${clock(minutes)} booked`);
}
console.log(`booked ${counts.booked}, moved ${counts.moved}, refused ${counts.refused}`);
