"""Input from outside the match: a phase answered by the season's other players or the community's members who
hold no seat in it (a poll), whose answers the match's rules read."""
