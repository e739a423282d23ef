// Generated from templates/mappings/*.json by templates/mappings/embed.py; do not edit.
// The presets are data files; they are embedded so the binary needs no files beside it.
enum BuiltinMappings {
    static let files: [(String, String)] = [
        ("asana", #"""
{
  "name": "asana",
  "summary": "Asana project > Export > CSV; written files suit Asana's CSV importer (Import > CSV)",
  "detect": ["Task ID", "Name", "Section/Column"],
  "columns": {
    "id": ["Task ID"],
    "title": ["Name"],
    "body": ["Notes"],
    "state": ["Section/Column", "Section"],
    "created": ["Created At"],
    "completed": ["Completed At"],
    "updated": ["Last Modified"],
    "assignees": ["Assignee"],
    "start": ["Start Date"],
    "due": ["Due Date"],
    "labels": ["Tags"],
    "field:Assignee Email": ["Assignee Email"],
    "field:Projects": ["Projects"],
    "parent": ["Parent task"],
    "blockedBy": ["Blocked By (Dependencies)"],
    "blocks": ["Blocking (Dependencies)"]
  },
  "slashDates": "month-first",
  "dateOnly": ["due", "start"],
  "states": {"To do": "todo", "Doing": "doing", "Done": "done"},
  "write": {
    "fields": true,
    "columns": [
      {"header": "Task ID", "value": "id"},
      {"header": "Created At", "value": "created", "format": "yyyy-MM-dd"},
      {"header": "Completed At", "value": "completed", "format": "yyyy-MM-dd"},
      {"header": "Last Modified", "value": "updated", "format": "yyyy-MM-dd"},
      {"header": "Name", "value": "title"},
      {"header": "Section/Column", "value": "state"},
      {"header": "Assignee", "value": "assignees"},
      {"header": "Assignee Email", "value": "field:Assignee Email"},
      {"header": "Start Date", "value": "start", "dateFormat": "yyyy-MM-dd", "format": "yyyy-MM-dd"},
      {"header": "Due Date", "value": "due", "dateFormat": "yyyy-MM-dd", "format": "yyyy-MM-dd"},
      {"header": "Tags", "value": "labels"},
      {"header": "Notes", "value": "body"},
      {"header": "Projects", "value": "field:Projects"},
      {"header": "Parent task", "value": "parent"},
      {"header": "Blocked By (Dependencies)", "value": "blockedBy"},
      {"header": "Blocking (Dependencies)", "value": "blocks"}
    ]
  }
}

"""#),
        ("github", #"""
{
  "name": "github",
  "summary": "GitHub Projects (table view > ... > Export view data, CSV); written files suit the Project's CSV import",
  "detect": ["Title", "URL", "Assignees", "Status", "Repository"],
  "columns": {
    "title": ["Title"],
    "url": ["URL"],
    "state": ["Status"],
    "assignees": ["Assignees"],
    "labels": ["Labels"],
    "start": ["Start date", "Start Date"],
    "due": ["Target date", "Target Date", "Due date"],
    "field:Repository": ["Repository"],
    "field:Milestone": ["Milestone"],
    "field:Priority": ["Priority"],
    "field:Size": ["Size"],
    "field:Estimate": ["Estimate"],
    "field:Iteration": ["Iteration"]
  },
  "dateFormats": ["MMM d, yyyy"],
  "dateOnly": ["due", "start"],
  "slashDates": "month-first",
  "states": {"Todo": "todo", "Backlog": "todo", "In Progress": "doing", "In Review": "doing", "Done": "done"},
  "write": {
    "fields": true,
    "columns": [
      {"header": "Title", "value": "title"},
      {"header": "URL", "value": "url"},
      {"header": "Assignees", "value": "assignees"},
      {"header": "Status", "value": "state"},
      {"header": "Labels", "value": "labels"},
      {"header": "Repository", "value": "field:Repository"},
      {"header": "Milestone", "value": "field:Milestone"},
      {"header": "Priority", "value": "field:Priority"},
      {"header": "Start date", "value": "start", "dateFormat": "yyyy-MM-dd", "format": "yyyy-MM-dd"},
      {"header": "Target date", "value": "due", "dateFormat": "yyyy-MM-dd", "format": "yyyy-MM-dd"},
      {"header": "Body", "value": "body"}
    ]
  }
}

"""#),
        ("jira", #"""
{
  "name": "jira",
  "summary": "Jira Cloud / Data Center: Filters > Export > Export CSV (all fields); written files suit Jira's External System Import (CSV)",
  "detect": ["Issue key", "Summary", "Status"],
  "genericFallback": false,
  "columns": {
    "id": ["Issue key"],
    "title": ["Summary"],
    "body": ["Description"],
    "state": ["Status"],
    "stateCategory": ["Status Category"],
    "due": ["Due date", "Due Date"],
    "start": ["Start date", "Start Date"],
    "created": ["Created"],
    "updated": ["Updated"],
    "completed": ["Resolved"],
    "labels": ["Labels"],
    "assignees": ["Assignee"],
    "position": ["Rank"],
    "field:Issue id": ["Issue id"],
    "field:Issue Type": ["Issue Type"],
    "field:Priority": ["Priority"],
    "field:Reporter": ["Reporter"],
    "field:Sprint": ["Sprint"],
    "field:Component": ["Component/s"],
    "field:Fix Version/s": ["Fix Version/s"],
    "field:Affects Version/s": ["Affects Version/s"],
    "field:Watchers": ["Watchers"],
    "comments": ["Comment"],
    "attachments": ["Attachment"],
    "children": ["Sub-tasks"],
    "parent": ["Parent id", "Parent", "Custom field (Epic Link)", "Epic Link", "Custom field (Parent Link)", "Parent Link"],
    "blocks": ["Outward issue link (Blocks)"],
    "blockedBy": ["Inward issue link (Blocks)"],
    "relates": ["Outward issue link (Relates)", "Inward issue link (Relates)", "Linked Issues"],
    "duplicates": ["Outward issue link (Duplicate)"],
    "field:Story points": ["Custom field (Story Points)", "Story Points", "Story points"]
  },
  "linkKey": "Issue id",
  "dateFormats": ["dd/MMM/yy h:mm a", "dd/MMM/yy"],
  "dateOnly": ["due", "start"],
  "slashDates": "day-first",
  "states": {
    "To Do": "todo", "Open": "todo", "Backlog": "todo", "Selected for Development": "todo",
    "In Progress": "doing", "In Review": "doing", "Code Review": "doing", "QA": "doing",
    "Done": "done", "Closed": "done", "Resolved": "done"
  },
  "write": {
    "times": "local",
    "fields": true,
    "columns": [
      {"header": "Issue key", "value": "id"},
      {"header": "Issue id", "value": "field:Issue id"},
      {"header": "Parent id", "value": "parent"},
      {"header": "Summary", "value": "title"},
      {"header": "Issue Type", "value": "ignore", "constant": "Task"},
      {"header": "Status", "value": "state"},
      {"header": "Priority", "value": "field:Priority"},
      {"header": "Assignee", "value": "assignees", "repeat": true},
      {"header": "Reporter", "value": "field:Reporter"},
      {"header": "Created", "value": "created", "format": "dd/MMM/yy h:mm a"},
      {"header": "Updated", "value": "updated", "format": "dd/MMM/yy h:mm a"},
      {"header": "Resolved", "value": "completed", "format": "dd/MMM/yy h:mm a"},
      {"header": "Due date", "value": "due", "format": "dd/MMM/yy h:mm a", "dateFormat": "dd/MMM/yy"},
      {"header": "Start date", "value": "start", "format": "dd/MMM/yy h:mm a", "dateFormat": "dd/MMM/yy"},
      {"header": "Labels", "value": "labels", "repeat": true},
      {"header": "Description", "value": "body"},
      {"header": "Sprint", "value": "field:Sprint", "repeat": true},
      {"header": "Component/s", "value": "field:Component", "repeat": true},
      {"header": "Fix Version/s", "value": "field:Fix Version/s", "repeat": true},
      {"header": "Affects Version/s", "value": "field:Affects Version/s", "repeat": true},
      {"header": "Watchers", "value": "field:Watchers", "repeat": true},
      {"header": "Sub-tasks", "value": "children"},
      {"header": "Outward issue link (Blocks)", "value": "blocks", "repeat": true},
      {"header": "Outward issue link (Relates)", "value": "relates", "repeat": true},
      {"header": "Outward issue link (Duplicate)", "value": "duplicates", "repeat": true},
      {"header": "Comment", "value": "comments", "format": "dd/MMM/yy h:mm a"},
      {"header": "Attachment", "value": "attachments", "format": "dd/MMM/yy h:mm a"},
      {"header": "Custom field (Story Points)", "value": "field:Story points"}
    ]
  }
}

"""#),
        ("kanboard", #"""
{
  "name": "kanboard",
  "summary": "Kanboard project > Exports > Tasks (CSV, default m/d/Y dates); written files suit Kanboard's task import (Import > CSV)",
  "detect": ["Task Id", "Column", "Swimlane", "Title"],
  "genericFallback": false,
  "columns": {
    "id": ["Task Id"],
    "title": ["Title"],
    "body": ["Description"],
    "state": ["Column", "Column Name"],
    "position": ["Position"],
    "due": ["Due date"],
    "start": ["Start date"],
    "created": ["Creation date"],
    "updated": ["Modification date"],
    "completed": ["Completion date"],
    "assignees": ["Assignee Username"],
    "labels": ["Tags"],
    "field:Project": ["Project"],
    "field:Status": ["Status"],
    "field:Category": ["Category", "Category Name"],
    "field:Swimlane": ["Swimlane", "Swimlane Name"],
    "field:Color": ["Color", "Color Name"],
    "field:Creator": ["Creator", "Creator Username"],
    "field:Priority": ["Priority"],
    "field:Assignee Name": ["Assignee Name"],
    "field:Complexity": ["Complexity"],
    "field:Time estimated": ["Time estimated"],
    "field:Time spent": ["Time spent"],
    "field:Reference": ["Reference"]
  },
  "dateFormats": ["MM/dd/yyyy HH:mm", "MM/dd/yyyy"],
  "slashDates": "month-first",
  "states": {"Backlog": "todo", "Ready": "todo", "Work in progress": "doing", "Done": "done"},
  "write": {
    "fields": false,
    "columns": [
      {"header": "Reference", "value": "id"},
      {"header": "Title", "value": "title"},
      {"header": "Description", "value": "body"},
      {"header": "Assignee Username", "value": "assignees"},
      {"header": "Creator Username", "value": "field:Creator"},
      {"header": "Color Name", "value": "field:Color"},
      {"header": "Column Name", "value": "state"},
      {"header": "Category Name", "value": "field:Category"},
      {"header": "Swimlane Name", "value": "field:Swimlane"},
      {"header": "Complexity", "value": "field:Complexity"},
      {"header": "Time Estimated", "value": "field:Time estimated"},
      {"header": "Time Spent", "value": "field:Time spent"},
      {"header": "Start Date", "value": "start", "dateFormat": "yyyy-MM-dd", "format": "yyyy-MM-dd HH:mm"},
      {"header": "Due Date", "value": "due", "dateFormat": "yyyy-MM-dd", "format": "yyyy-MM-dd HH:mm"},
      {"header": "Priority", "value": "field:Priority"},
      {"header": "Status", "value": "field:Status"},
      {"header": "Tags", "value": "labels"}
    ]
  }
}

"""#),
        ("plane", #"""
{
  "name": "plane",
  "summary": "Plane project > Export > CSV (issues); written files keep the same columns",
  "detect": ["Project Identifier", "Sequence Id", "State Name"],
  "columns": {
    "id": ["Identifier"],
    "title": ["Name"],
    "body": ["Description"],
    "state": ["State Name"],
    "start": ["Start Date"],
    "due": ["Target Date"],
    "completed": ["Completed At"],
    "created": ["Created At"],
    "updated": ["Updated At"],
    "labels": ["Labels"],
    "assignees": ["Assignees"],
    "field:Priority": ["Priority"],
    "field:Estimate": ["Estimate"],
    "field:Project": ["Project Name"],
    "field:Cycles": ["Cycles"],
    "field:Modules": ["Modules"],
    "parent": ["Parent"],
    "comments": ["Comments"],
    "attachments": ["Links"]
  },
  "dateOnly": ["due", "start"],
  "states": {
    "Backlog": "todo", "Todo": "todo", "In Progress": "doing", "Done": "done", "Cancelled": "done"
  },
  "write": {
    "fields": true,
    "columns": [
      {"header": "Identifier", "value": "id"},
      {"header": "Name", "value": "title"},
      {"header": "State Name", "value": "state"},
      {"header": "Priority", "value": "field:Priority"},
      {"header": "Assignees", "value": "assignees"},
      {"header": "Start Date", "value": "start", "dateFormat": "yyyy-MM-dd"},
      {"header": "Target Date", "value": "due", "dateFormat": "yyyy-MM-dd"},
      {"header": "Completed At", "value": "completed"},
      {"header": "Created At", "value": "created"},
      {"header": "Updated At", "value": "updated"},
      {"header": "Estimate", "value": "field:Estimate"},
      {"header": "Labels", "value": "labels"},
      {"header": "Description", "value": "body"},
      {"header": "Parent", "value": "parent"},
      {"header": "Links", "value": "attachments", "json": true},
      {"header": "Comments", "value": "comments", "json": true, "format": "yyyy-MM-dd HH:mm:ss"}
    ]
  }
}

"""#),
        ("todoist", #"""
{
  "name": "todoist",
  "summary": "Todoist project > Export as a template (CSV): section rows set the column of the tasks below them, note rows are comments",
  "detect": ["TYPE", "CONTENT", "PRIORITY", "INDENT"],
  "genericFallback": false,
  "rows": {"kind": "TYPE", "cards": ["task"], "states": ["section"], "notes": ["note"], "notesField": "Comments"},
  "columns": {
    "title": ["CONTENT"],
    "body": ["DESCRIPTION"],
    "due": ["DATE"],
    "assignees": ["RESPONSIBLE"],
    "field:Priority": ["PRIORITY"],
    "field:Indent": ["INDENT"],
    "field:Author": ["AUTHOR"],
    "field:Date language": ["DATE_LANG"],
    "field:Time zone": ["TIMEZONE"],
    "field:Duration": ["DURATION"],
    "field:Duration unit": ["DURATION_UNIT"],
    "field:Deadline": ["DEADLINE"],
    "field:Deadline language": ["DEADLINE_LANG"],
    "ignore": ["TYPE"]
  },
  "dateFormats": ["yyyy-MM-dd HH:mm"],
  "slashDates": "month-first",
  "write": {
    "fields": false,
    "sections": true,
    "columns": [
      {"header": "TYPE", "value": "ignore", "constant": "task"},
      {"header": "CONTENT", "value": "title"},
      {"header": "DESCRIPTION", "value": "body"},
      {"header": "PRIORITY", "value": "field:Priority"},
      {"header": "INDENT", "value": "field:Indent"},
      {"header": "AUTHOR", "value": "field:Author"},
      {"header": "RESPONSIBLE", "value": "assignees"},
      {"header": "DATE", "value": "due", "dateFormat": "yyyy-MM-dd", "format": "yyyy-MM-dd HH:mm"},
      {"header": "DATE_LANG", "value": "field:Date language"},
      {"header": "TIMEZONE", "value": "field:Time zone"}
    ]
  }
}

"""#),
        ("trello", #"""
{
  "name": "trello",
  "summary": "Trello board menu > Print, export and share > Export as CSV (Premium); written files use the same columns",
  "detect": ["Card ID", "Card Name", "List Name"],
  "columns": {
    "id": ["Card ID"],
    "title": ["Card Name"],
    "url": ["Card URL"],
    "body": ["Card Description"],
    "labels": ["Labels"],
    "assignees": ["Members"],
    "due": ["Due Date"],
    "start": ["Start Date"],
    "updated": ["Last Activity Date"],
    "state": ["List Name"],
    "archived": ["Archived"],
    "field:List ID": ["List ID"],
    "field:Board ID": ["Board ID"],
    "field:Board Name": ["Board Name"],
    "field:Due Complete": ["Due Complete"]
  },
  "slashDates": "month-first",
  "states": {"To Do": "todo", "Doing": "doing", "Done": "done"},
  "write": {
    "fields": true,
    "columns": [
      {"header": "Card ID", "value": "id"},
      {"header": "Card Name", "value": "title"},
      {"header": "Card URL", "value": "url"},
      {"header": "Card Description", "value": "body"},
      {"header": "Labels", "value": "labels"},
      {"header": "Members", "value": "assignees"},
      {"header": "Due Date", "value": "due"},
      {"header": "Start Date", "value": "start"},
      {"header": "Last Activity Date", "value": "updated"},
      {"header": "List Name", "value": "state"},
      {"header": "Archived", "value": "archived"}
    ]
  }
}

"""#),
    ]
}
